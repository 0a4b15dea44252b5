/**
 * What an upload may be, checked from the file's header before anything decodes it: a decompression bomb or a
 * 10 × 10 000 000 px strip is refused before it costs memory or seconds.
 */

/** Largest accepted upload (a 61 MP camera's JPEG is ~40 MB; TIFFs can be larger). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = '200 MB';
/** 100 megapixels: a 61 MP camera fits; a 30 000 × 30 000 image does not. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** Longest side in pixels (a stitched panorama of a 61 MP camera fits). */
export const MAX_SIDE = 20_000;
/** Long side : short side. Photos and panoramas stay well within; strips that only exist to cost decoding do not. */
export const MAX_ASPECT = 10;

export interface Dimensions {
  width: number;
  height: number;
}

/** A Czech reason the image is refused, or null when its dimensions are acceptable. */
export function dimensionProblem({ width, height }: Dimensions): string | null {
  if (!(width > 0 && height > 0)) return 'Obrázek nemá platné rozměry.';
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long > MAX_SIDE) return `Obrázek má ${width} × ${height} pixelů; delší strana smí mít nejvýš ${MAX_SIDE.toLocaleString('cs-CZ')} pixelů. Zmenšete ho prosím a nahrajte znovu.`;
  if (width * height > MAX_INPUT_PIXELS) return `Obrázek má ${width} × ${height} pixelů, víc než dovolených ${MAX_INPUT_PIXELS / 1_000_000} megapixelů. Zmenšete ho prosím a nahrajte znovu.`;
  if (long / short > MAX_ASPECT) return `Obrázek ${width} × ${height} pixelů je příliš úzký (poměr stran nejvýš ${MAX_ASPECT} : 1). Nahrajte prosím fotografii.`;
  return null;
}
