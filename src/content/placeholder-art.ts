/**
 * Deterministic "soft light" artwork for placeholder photographs: gradients in wedding tones with gentle
 * bokeh. Pure functions of a seed string, shared by the gallery data (blur placeholder) and the image
 * route (full-size JPEG), so the blur and the final image always match.
 */

/** 32-bit FNV-1a hash of a string. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny, well-distributed seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed: string | number): () => number {
  let a = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Palette {
  name: string;
  /** Light, mid and deep tone of the background gradient. */
  stops: [string, string, string];
  /** Colour of the bokeh highlights. */
  glow: string;
}

export const PALETTES: readonly Palette[] = [
  { name: 'champagne', stops: ['#fbf3e6', '#ecd5b0', '#c9a77a'], glow: '#fff8ec' },
  { name: 'blush', stops: ['#fcefec', '#edc3bd', '#c98f8a'], glow: '#fff3f1' },
  { name: 'sage', stops: ['#f1f4ec', '#c8d5bd', '#8fa484'], glow: '#fbfdf6' },
  { name: 'dusk', stops: ['#eef1f7', '#bfcadf', '#7d8fb0'], glow: '#f7f4ff' },
  { name: 'golden-hour', stops: ['#fdf1e1', '#f0c99b', '#c98d5c'], glow: '#fff6e6' },
  { name: 'lavender-dusk', stops: ['#f5f0f6', '#d8c6dc', '#a08aab'], glow: '#fff7fb' },
];

export interface ArtParams {
  palette: Palette;
  /** Second palette whose deep tone tints one corner, for variety inside a gallery. */
  accent: Palette;
  angle: number;
  light: { x: number; y: number; r: number };
  bokeh: { x: number; y: number; r: number; opacity: number; ring: boolean }[];
}

/** "tereza-jakub-7" → "tereza-jakub": images of one wedding share a base palette. */
export function familyOf(seed: string): string {
  return seed.replace(/-\d+$/, '') || seed;
}

export function artParams(seed: string): ArtParams {
  const family = hashString(familyOf(seed));
  const rand = seededRandom(seed);
  const palette = PALETTES[family % PALETTES.length];
  const accent = PALETTES[Math.floor(rand() * PALETTES.length)];
  const angle = Math.round(rand() * 360);
  const light = { x: 0.15 + rand() * 0.7, y: 0.1 + rand() * 0.5, r: 0.45 + rand() * 0.35 };
  const count = 7 + Math.floor(rand() * 9);
  const bokeh = Array.from({ length: count }, () => ({
    x: rand(),
    y: rand(),
    r: 0.025 + rand() * rand() * 0.11,
    opacity: 0.18 + rand() * 0.42,
    ring: rand() < 0.3,
  }));
  return { palette, accent, angle, light, bokeh };
}

function gradientVector(angle: number): { x1: string; y1: string; x2: string; y2: string } {
  const rad = (angle * Math.PI) / 180;
  const dx = Math.cos(rad) / 2;
  const dy = Math.sin(rad) / 2;
  const f = (n: number) => (n * 100).toFixed(1) + '%';
  return { x1: f(0.5 - dx), y1: f(0.5 - dy), x2: f(0.5 + dx), y2: f(0.5 + dy) };
}

function backgroundGradient(p: ArtParams): string {
  const v = gradientVector(p.angle);
  const [a, b, c] = p.palette.stops;
  return `<linearGradient id="bg" x1="${v.x1}" y1="${v.y1}" x2="${v.x2}" y2="${v.y2}"><stop offset="0" stop-color="${a}"/><stop offset="0.55" stop-color="${b}"/><stop offset="1" stop-color="${c}"/></linearGradient>`;
}

/** Full artwork at the requested size. No text, no external references. */
export function placeholderSvg(seed: string, width: number, height: number): string {
  const p = artParams(seed);
  const min = Math.min(width, height);
  const fmt = (n: number) => n.toFixed(1);
  const circles = p.bokeh
    .map((b) => {
      const cx = fmt(b.x * width);
      const cy = fmt(b.y * height);
      const r = fmt(b.r * min * 1.6);
      return b.ring
        ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#ring)" opacity="${b.opacity.toFixed(2)}"/>`
        : `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#dot)" opacity="${b.opacity.toFixed(2)}"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${backgroundGradient(p)}` +
    `<radialGradient id="light" cx="${fmt(p.light.x * 100)}%" cy="${fmt(p.light.y * 100)}%" r="${fmt(p.light.r * 100)}%">` +
    `<stop offset="0" stop-color="${p.palette.glow}" stop-opacity="0.95"/><stop offset="0.45" stop-color="${p.palette.glow}" stop-opacity="0.35"/><stop offset="1" stop-color="${p.palette.glow}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="tint" cx="${p.light.x > 0.5 ? '5%' : '95%'}" cy="95%" r="75%">` +
    `<stop offset="0" stop-color="${p.accent.stops[2]}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.accent.stops[2]}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="dot"><stop offset="0" stop-color="${p.palette.glow}" stop-opacity="0.9"/><stop offset="0.6" stop-color="${p.palette.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.palette.glow}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="ring"><stop offset="0" stop-color="${p.palette.glow}" stop-opacity="0.15"/><stop offset="0.78" stop-color="${p.palette.glow}" stop-opacity="0.35"/><stop offset="0.9" stop-color="${p.palette.glow}" stop-opacity="0.8"/><stop offset="1" stop-color="${p.palette.glow}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="vignette" cx="50%" cy="50%" r="75%"><stop offset="0.6" stop-color="#2b211c" stop-opacity="0"/><stop offset="1" stop-color="#2b211c" stop-opacity="0.22"/></radialGradient>` +
    `</defs>` +
    `<rect width="100%" height="100%" fill="url(#bg)"/>` +
    `<rect width="100%" height="100%" fill="url(#tint)"/>` +
    `<rect width="100%" height="100%" fill="url(#light)"/>` +
    circles +
    `<rect width="100%" height="100%" fill="url(#vignette)"/>` +
    `</svg>`
  );
}

/**
 * A tiny blur placeholder with the same gradient: an inline SVG data URL, percent-encoded rather than base64 and
 * without defaults (≈ 370 instead of ≈ 540 characters — it is in the HTML and the flight data of every photo).
 */
export function placeholderBlurDataURL(seed: string, width: number, height: number): string {
  const p = artParams(seed);
  const v = gradientVector(p.angle);
  const [a, b, c] = p.palette.stops;
  const w = 10;
  const h = Math.max(1, Math.round((10 * height) / width));
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${w} ${h}'><linearGradient id='g' x1='${v.x1}' y1='${v.y1}' x2='${v.x2}' y2='${v.y2}'>` +
    `<stop stop-color='${a}'/><stop offset='.55' stop-color='${b}'/><stop offset='1' stop-color='${c}'/></linearGradient>` +
    `<rect width='${w}' height='${h}' fill='url(#g)'/></svg>`;
  // Only what a data URL inside CSS url("…") needs is escaped.
  return `data:image/svg+xml,${svg.replace(/[<>#%]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
