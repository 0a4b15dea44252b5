import localFont from 'next/font/local';

// Display face: Playfair Display. Cormorant Garamond was tried first, but its Czech carons (š, č, ř, ě) sit
// detached beside the letters, which Czech readers see as broken type.
// The latin-ext faces are subsets made by scripts/subset-fonts.mjs before every build (Latin Extended-A: ~14 KB
// each instead of 85 KB + 21 KB).
// Two faces per family (latin + latin-ext) as separate families: the browser falls back glyph by glyph, so
// Czech letters (ě š č ř ž ů …) come from the latin-ext file while the common latin file stays small.
export const displayLatin = localFont({
  src: '../../node_modules/@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2',
  variable: '--font-display-latin',
  display: 'swap',
  weight: '400 900',
  adjustFontFallback: 'Times New Roman',
  preload: true,
});
export const displayExt = localFont({
  src: '../../.fonts/playfair-display-latin-ext-wght-normal.woff2',
  variable: '--font-display-ext',
  display: 'swap',
  weight: '400 900',
  adjustFontFallback: 'Times New Roman',
  preload: false,
});
export const bodyLatin = localFont({
  src: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-body-latin',
  display: 'swap',
  weight: '100 900',
  adjustFontFallback: 'Arial',
  preload: true,
});
export const bodyExt = localFont({
  src: '../../.fonts/inter-latin-ext-wght-normal.woff2',
  variable: '--font-body-ext',
  display: 'swap',
  weight: '100 900',
  adjustFontFallback: 'Arial',
  preload: false,
});

export const fontVariables = [displayLatin, displayExt, bodyLatin, bodyExt].map((f) => f.variable).join(' ');
