import 'server-only';
/**
 * The content domain's public module for server code: what other domains and src/ui may use. Everything else in
 * src/content is internal (lint enforces it: eslint.config.mjs, docs/decisions/014-import-boundaries.md).
 */
export { getSiteInfo, type SiteInfo } from './site';
export { getPricing, formatCzk, type Pricing } from './pages/pricing';
export { vatLabel } from './site';
export { getTerms, termPlaceholders, stornoLines, termsEnvProblems, type Terms } from './terms';
export { photoQueueLength } from './studio/queue.server';
