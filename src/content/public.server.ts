import 'server-only';
/**
 * The content domain's public module for server code: what other domains and src/ui may use. Everything else in
 * src/content is internal (lint enforces it: eslint.config.mjs, docs/decisions/014-import-boundaries.md). The
 * photographer's identity, terms, price list and the Czech text rules live in the site layer: @/site/public.server.
 */
export {
  ensureCurrentTermsVersion,
  findTermsVersion,
  listTermsVersions,
  termsVersionById,
  termsVersionPath,
  type TermsVersion,
  type TermsVersionPage,
} from './terms-versions.server';
export { addWeddingPhotosFromPhotos, listWeddings, type AdminWeddingSummary, type PhotoPick, type PickedPhotos } from './studio/service.server';
export { studioDeps } from './studio/runtime.server';
export { StudioError } from './studio/errors';
