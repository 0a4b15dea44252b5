/** Isomorphic part of the photo module's public face (types and constants usable in client components). */
export { PHOTO_VARIANTS, DISPLAY_VARIANTS, WEB_SIZE, type PhotoVariant, type DisplayVariant } from './keys';
export type { PhotoInfo, PhotoStatus } from './types';
