import 'server-only';
/**
 * The photo module's face to other domains (the galleries, the studio): upload, processing state, opening files
 * as streams. Storage keys and the queue stay inside.
 */
// Everything the isomorphic face offers (types, variants, limits), and the server-only rest.
export * from './public';
export type { PhotoOwner } from './keys';
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
export { tusServer, deleteExpiredUploads, TUS_PATH, UploadRefused, type UploadTarget } from './tus.server';
