// Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text file of the build's
// `.next/static` (the framework and page chunks, stylesheets), once per build, so `npm start` sends them without
// compressing each response again (src/platform/static-assets.mjs). Runs after `next build` (npm's postbuild and
// scripts/ensure-build.mjs); files already compressed from the same bytes are skipped.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dir = path.join(root, '.next', 'static');
const TEXT = /\.(?:js|css|svg|json|txt)$/;

/** @param {string} d @returns {string[]} */
const walk = (d) =>
  fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)])) : [];

let count = 0;
let raw = 0;
let br = 0;
for (const file of walk(dir).filter((f) => TEXT.test(f))) {
  const src = fs.statSync(file);
  const fresh = (f) => fs.existsSync(f) && fs.statSync(f).mtimeMs >= src.mtimeMs;
  const body = fs.readFileSync(file);
  if (!fresh(`${file}.br`)) {
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }));
  }
  if (!fresh(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  count++;
  raw += body.length;
  br += fs.statSync(`${file}.br`).size;
}
console.log(`Statické soubory zkomprimované předem: ${count} (${Math.round(raw / 1024)} KB → ${Math.round(br / 1024)} KB v brotli).`);
