import 'server-only';
/**
 * The photo module's face to other domains (the galleries, the studio): upload, processing state, opening files
 * as streams. Storage keys and the queue stay inside.
 */
export { PHOTO_VARIANTS, DISPLAY_VARIANTS, WEB_SIZE, type PhotoVariant, type DisplayVariant } from './keys';
export type { PhotoInfo, PhotoStatus } from './types';
export { copyOriginal, deletePhotos, openPhoto, photoInfo, photoInfos, photoStatusCounts, retryPhotos, type PhotoDeps } from './service.server';
export { photoDeps, kickPhotos, startPhotos, photoTmpDir, photosJobs } from './runtime.server';
export { hashFile, ingestFile, inspectFile, type InspectedFile, type IngestInput } from './ingest.server';
export { PhotoError, type PhotoErrorName } from './errors';
export { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, MAX_INPUT_PIXELS, MAX_SIDE, MAX_ASPECT, dimensionProblem } from './limits';
export { tusServer, deleteExpiredUploads, TUS_PATH, UploadRefused, type UploadTarget } from './tus.server';
