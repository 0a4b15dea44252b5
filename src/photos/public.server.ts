import 'server-only';
/**
 * The photo module's face to other domains (the galleries, the studio): upload, processing state, opening files
 * as streams. Storage keys and the queue stay inside.
 */
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
  type PhotoOwner,
  type PublicFormat,
} from './keys';
export type { PhotoInfo, PhotoStatus } from './types';
export {
  deletePhotos,
  duplicatePhoto,
  openPhoto,
  openPublicVariant,
  photoInfo,
  photoInfos,
  photoQueueLength,
  photoStatusCounts,
  rememberCrc32,
  retryPhotos,
  type PhotoDeps,
} from './service.server';
export { photoDeps, kickPhotos, onPhotoDone, startPhotos, photoTmpDir, photosJobs, type PhotoDoneListener } from './runtime.server';
export { receiveMultipartFile, type ReceivedFile } from './multipart.server';
export { hashFile, ingestFile, inspectFile, type InspectedFile, type IngestInput } from './ingest.server';
export { PhotoError, type PhotoErrorName } from './errors';
export { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, MAX_INPUT_PIXELS, MAX_SIDE, MAX_ASPECT, dimensionProblem } from './limits';
export { tusServer, deleteExpiredUploads, TUS_PATH, UploadRefused, type UploadTarget } from './tus.server';
