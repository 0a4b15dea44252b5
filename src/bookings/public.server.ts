import 'server-only';
/**
 * The bookings domain's public module for server code: what other domains may use (lint enforces it:
 * eslint.config.mjs, docs/decisions/014-import-boundaries.md). Bookings sits above accounts, so accounts receives
 * these functions from the wiring (src/wiring.server.ts) instead of importing them.
 */
export { emailsWithWeddingSince } from './repositories/gdpr.server';
