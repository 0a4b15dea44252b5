/** Isomorphic part of the photo module's public face (types and constants usable in client components). */
export { PHOTO_VARIANTS, DISPLAY_VARIANTS, WEB_SIZE, type PhotoVariant, type DisplayVariant } from './keys';
export type { PhotoInfo, PhotoStatus } from './types';
export { dimensionProblem, MAX_ASPECT, MAX_SIDE, MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from './limits';
