// Subsets the four faces of the two variable fonts (Inter, Playfair Display) that the site ships, and limits their
// weight axis to the weights the stylesheets use (400–700; nothing lighter or heavier is ever requested):
// - latin: fontsource's own latin range (Basic Latin, Latin-1, general punctuation, €, ™ …), so no glyph a page
//   could need is lost; the axis range alone takes Inter from 48 to ~30 KB and Playfair from 38 to ~35 KB;
// - latin-ext: Latin Extended-A plus the Romanian comma letters, every Central European name (ě š č ř ž ů, ł ő ń …),
//   ~13 KB per face instead of 85 KB (Inter) and 21 KB (Playfair).
// Output goes to .fonts/ (git-ignored; derived from node_modules on every build), read by src/ui/fonts.ts through
// next/font/local, whose `weight` descriptors say the same 400–700. Runs before `next build` (npm's prebuild and
// scripts/ensure-build.mjs); a no-op when the files are current.
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, '.fonts');

/** @param {Array<[number, number]>} ranges */
const text = (ranges) => ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join('');
// The same code points as the unicode-range of fontsource's latin files (control characters aside).
const latin = text([
  [0x20, 0xff], [0x131, 0x131], [0x152, 0x153], [0x2bb, 0x2bc], [0x2c6, 0x2c6], [0x2da, 0x2da], [0x2dc, 0x2dc],
  [0x304, 0x304], [0x308, 0x308], [0x329, 0x329], [0x2000, 0x206f], [0x20ac, 0x20ac], [0x2122, 0x2122],
  [0x2191, 0x2191], [0x2193, 0x2193], [0x2212, 0x2212], [0x2215, 0x2215], [0xfeff, 0xfeff], [0xfffd, 0xfffd],
]);
const latinExt = text([[0x100, 0x17f], [0x218, 0x21b]]);
const weights = { wght: { min: 400, max: 700, default: 400 } };

const faces = [
  ['@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', latin],
  ['@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2', latinExt],
  ['@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2', latin],
  ['@fontsource-variable/playfair-display/files/playfair-display-latin-ext-wght-normal.woff2', latinExt],
];

fs.mkdirSync(outDir, { recursive: true });
for (const [from, chars] of faces) {
  const src = path.join(root, 'node_modules', from);
  const dest = path.join(outDir, path.basename(from));
  if (fs.existsSync(dest) && fs.statSync(dest).mtimeMs >= Math.max(fs.statSync(src).mtimeMs, fs.statSync(new URL(import.meta.url)).mtimeMs)) continue;
  const out = await subsetFont(fs.readFileSync(src), chars, { targetFormat: 'woff2', variationAxes: weights });
  fs.writeFileSync(dest, out);
  console.log(`Písmo ${path.basename(from)}: ${Math.round(fs.statSync(src).size / 1024)} KB → ${Math.round(out.length / 1024)} KB`);
}

// The PDF documents (contracts, invoices: src/billing/pdf.server.ts) embed TrueType, not WOFF2, and one fixed
// weight: Inter instanced at 400 and 700, latin and latin-ext as two files (the PDF writer picks a face per run).
const pdfDir = path.join(outDir, 'pdf');
fs.mkdirSync(pdfDir, { recursive: true });
for (const [from, chars, label] of [
  ['@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', latin, 'latin'],
  ['@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2', latinExt, 'latin-ext'],
]) {
  for (const weight of [400, 700]) {
    const src = path.join(root, 'node_modules', from);
    const dest = path.join(pdfDir, `inter-${label}-${weight}.ttf`);
    if (fs.existsSync(dest) && fs.statSync(dest).mtimeMs >= Math.max(fs.statSync(src).mtimeMs, fs.statSync(new URL(import.meta.url)).mtimeMs)) continue;
    const out = await subsetFont(fs.readFileSync(src), chars, { targetFormat: 'truetype', variationAxes: { wght: weight } });
    fs.writeFileSync(dest, out);
  }
}
