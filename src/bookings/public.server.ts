import 'server-only';
/**
 * The bookings domain's public module for server code: what other domains (billing) may use. Everything else in
 * src/bookings is internal (lint enforces it: docs/decisions/014-import-boundaries.md).
 */
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
