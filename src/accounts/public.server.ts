import 'server-only';
/**
 * The accounts domain's public module for server code: what other domains may use (the admin guard, the signed-in
 * user). Everything else in src/accounts is internal (lint enforces it: docs/decisions/014-import-boundaries.md).
 */
export { requireAdmin, requireAdminApi, getCurrentUser, isAdmin, type SessionUser } from './guards.server';
export { accountKey, type AccountKey } from './account-key.server';
export { inquiryNotifyAddress, type NotifySource } from './notify-address.server';
export { accountDataForEmail, deleteAccountByEmail, type AccountPersonalData } from './personal-data.server';
export { signOutAction } from './actions/account';
