/** Isomorphic part of the galleries' public face (types for client components). */
export type { Gallery, GallerySet, GalleryPhoto, GalleryPhotoPage, DownloadSetting } from './types';
