import localFont from 'next/font/local';

// Display face: Playfair Display. Cormorant Garamond was tried first, but its Czech carons (š, č, ř, ě) sit
// detached beside the letters, which Czech readers see as broken type.
// The latin-ext faces are subsets made by scripts/subset-fonts.mjs before every build (Latin Extended-A: ~14 KB
// each instead of 85 KB + 21 KB).
// Two faces per family (latin + latin-ext) as separate families: the browser falls back glyph by glyph, so
// Czech letters (ě š č ř ž ů …) come from the latin-ext file while the common latin file stays small.
//
// `display: 'optional'` and a preload for all four faces: the stylesheet is inlined into the HTML (no render-blocking
// CSS request), so the first paint often comes before the fonts. With `swap` the late face then re-flowed the text
// (a heading wrapping onto one line fewer moved everything below it: CLS 0.03 on /blog). With `optional` a face
// that is not there within the short block period is simply not used on this page view (the next page has it from
// the cache), so fonts never move the layout. Czech text needs the latin-ext faces on every page, hence their
// preload too (≈ 14 KB each, fetched anyway).
export const displayLatin = localFont({
  src: '../../node_modules/@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2',
  variable: '--font-display-latin',
  display: 'optional',
  weight: '400 900',
  adjustFontFallback: 'Times New Roman',
  preload: true,
});
export const displayExt = localFont({
  src: '../../.fonts/playfair-display-latin-ext-wght-normal.woff2',
  variable: '--font-display-ext',
  display: 'optional',
  weight: '400 900',
  adjustFontFallback: 'Times New Roman',
  preload: true,
});
export const bodyLatin = localFont({
  src: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-body-latin',
  display: 'optional',
  weight: '100 900',
  adjustFontFallback: 'Arial',
  preload: true,
});
export const bodyExt = localFont({
  src: '../../.fonts/inter-latin-ext-wght-normal.woff2',
  variable: '--font-body-ext',
  display: 'optional',
  weight: '100 900',
  adjustFontFallback: 'Arial',
  preload: true,
});

export const fontVariables = [displayLatin, displayExt, bodyLatin, bodyExt].map((f) => f.variable).join(' ');
