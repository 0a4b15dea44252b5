import 'server-only';
/**
 * The galleries' face to other domains and to routes (the couple's side, /ucet, bookings). Every function takes
 * its dependencies first (`galleryDeps()` gives the process's own; tests pass theirs).
 */
export type { Gallery, GallerySet, GalleryPhoto, GalleryPhotoPage, DownloadSetting } from './types';
export type { PhotoVariant, PhotoStatus } from '@/photos/public';
export type { StoredStream, ByteRange } from '@/platform/storage/types';
export {
  galleryById,
  galleryBySlug,
  galleryPhoto,
  galleryPhotos,
  galleryPhotosAll,
  openGalleryPhoto,
  PHOTOS_PER_PAGE,
  type GalleryDeps,
  type PhotoPageQuery,
} from './read.server';
export { galleryDeps } from './runtime.server';
export { addGalleryPhotoFromFile, galleryUploadTarget, type AddedPhoto, type UploadedFile } from './upload.server';
export { createGallery, galleriesOfInquiry, updateGallery, addSet } from './admin.server';
