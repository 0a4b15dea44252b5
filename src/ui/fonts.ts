import localFont from 'next/font/local';

// Display face: Playfair Display. Cormorant Garamond was tried first, but its Czech carons (š, č, ř, ě) sit
// detached beside the letters, which Czech readers see as broken type.
// All four files are made by scripts/subset-fonts.mjs before every build: the weight axis limited to 400–700 (all
// the stylesheets use), latin-ext cut to Latin Extended-A — 88 KB for the four instead of 192 KB.
// Two faces per family (latin + latin-ext) as separate families: the browser falls back glyph by glyph, so
// Czech letters (ě š č ř ž ů …) come from the latin-ext file while the common latin file stays small.
//
// `display: 'optional'` and NO preload (docs/decisions/055-lcp-without-waiting.md). The stylesheet is inlined into
// the HTML, so the first paint comes right after the document is parsed. A preloaded `optional` face makes Chrome
// hold that first paint until the font arrives (up to ~100 ms), and Lighthouse's simulation then puts all four
// files (≈ 115 KB) on the path of the largest paint (+1–1.5 s on a simulated phone). Not preloaded, the faces are
// requested when the first style pass needs them and never block or move anything: a face that is not there
// for the first paint is not used on that page load (no swap, so no layout shift); it is in the HTTP cache for
// the next one. `swap` was tried before and re-wrapped headings (CLS 0.03 on /blog).
export const displayLatin = localFont({
  src: '../../.fonts/playfair-display-latin-wght-normal.woff2',
  variable: '--font-display-latin',
  display: 'optional',
  weight: '400 700',
  adjustFontFallback: 'Times New Roman',
  preload: false,
});
export const displayExt = localFont({
  src: '../../.fonts/playfair-display-latin-ext-wght-normal.woff2',
  variable: '--font-display-ext',
  display: 'optional',
  weight: '400 700',
  adjustFontFallback: 'Times New Roman',
  preload: false,
});
export const bodyLatin = localFont({
  src: '../../.fonts/inter-latin-wght-normal.woff2',
  variable: '--font-body-latin',
  display: 'optional',
  weight: '400 700',
  adjustFontFallback: 'Arial',
  preload: false,
});
export const bodyExt = localFont({
  src: '../../.fonts/inter-latin-ext-wght-normal.woff2',
  variable: '--font-body-ext',
  display: 'optional',
  weight: '400 700',
  adjustFontFallback: 'Arial',
  preload: false,
});

export const fontVariables = [displayLatin, displayExt, bodyLatin, bodyExt].map((f) => f.variable).join(' ');
