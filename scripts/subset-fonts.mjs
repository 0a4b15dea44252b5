// Subsets the latin-ext faces of the two variable fonts (Inter, Playfair Display) to Latin Extended-A plus the
// Romanian comma letters: every Central European name (ě š č ř ž ů, ł ő ń …), ~14 KB per face instead of 85 KB
// (Inter) and 21 KB (Playfair). The common latin files are used as shipped. Output goes to .fonts/ (git-ignored;
// derived from node_modules on every build), read by src/ui/fonts.ts through next/font/local.
// Runs before `next build` (npm's prebuild and scripts/ensure-build.mjs); a no-op when the files are current.
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, '.fonts');
const chars =
  Array.from({ length: 0x180 - 0x100 }, (_, i) => String.fromCodePoint(0x100 + i)).join('') + '\u0218\u0219\u021a\u021b';

const faces = [
  ['@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2', 'inter-latin-ext-wght-normal.woff2'],
  ['@fontsource-variable/playfair-display/files/playfair-display-latin-ext-wght-normal.woff2', 'playfair-display-latin-ext-wght-normal.woff2'],
];

fs.mkdirSync(outDir, { recursive: true });
for (const [from, to] of faces) {
  const src = path.join(root, 'node_modules', from);
  const dest = path.join(outDir, to);
  if (fs.existsSync(dest) && fs.statSync(dest).mtimeMs >= Math.max(fs.statSync(src).mtimeMs, fs.statSync(new URL(import.meta.url)).mtimeMs)) continue;
  // Keeps the wght axis (variation axes are preserved unless pinned).
  const out = await subsetFont(fs.readFileSync(src), chars, { targetFormat: 'woff2' });
  fs.writeFileSync(dest, out);
  console.log(`Písmo ${to}: ${Math.round(fs.statSync(src).size / 1024)} KB → ${Math.round(out.length / 1024)} KB`);
}
