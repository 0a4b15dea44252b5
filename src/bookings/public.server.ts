import 'server-only';
/**
 * The bookings domain's public module for server code: what other domains may use (lint enforces it:
 * eslint.config.mjs, docs/decisions/014-import-boundaries.md). Bookings sits above accounts, so accounts receives
 * these functions from the wiring (src/wiring.server.ts) instead of importing them; billing (above bookings) uses
 * the rest.
 */
export { emailsWithWeddingSince } from './repositories/gdpr.server';
export { changeStatus, getInquiry, setHoldExpiry, isDateFree, dateConflictMessage, type ChangeResult } from './service.server';
export { clientHash } from './secrets.server';
export { listClaimedInquiries, claimedInquiryRefs, type ClaimOwner } from './claims.server';
export { openDeps, deliverAfterResponse } from './runtime.server';
export { actorOf } from './admin-data.server';
export {
  adminApiRoute,
  apiErrorJson,
  apiJson,
  ApiError,
  bookingIdParam,
  errorNameFor,
  parseApiJson,
  type AdminApiContext,
  type ApiErrorName,
} from './admin-api.server';
export type { InquiryDetail } from './types';
export type { BookingConfig } from './config';
