/** Isomorphic part of the photo module's public face (types and constants usable in client components). */
export {
  PHOTO_VARIANTS,
  DISPLAY_VARIANTS,
  WEB_SIZE,
  PUBLIC_WIDTHS,
  PUBLIC_FORMATS,
  PUBLIC_CONTENT_TYPES,
  publicWidthsFor,
  type PhotoVariant,
  type DisplayVariant,
  type PublicFormat,
} from './keys';
export type { PhotoInfo, PhotoStatus } from './types';
export { dimensionProblem, MAX_ASPECT, MAX_SIDE, MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from './limits';
