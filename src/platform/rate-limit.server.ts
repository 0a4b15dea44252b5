import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { CLIENT_ADDRESS_HEADER, SERVER_MARKER, normalizeAddress } from './client-address.mjs';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  limit: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter in the database, so every instance behind a load balancer shares it.
 * `bucket` names what is limited and for whom, e.g. `auth:/auth/local:203.0.113.9`.
 */
export async function hitRateLimit(
  db: Db,
  bucket: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const result = await db.execute(sql`
    INSERT INTO rate_limits (bucket, window_start, count) VALUES (${bucket}, ${windowStart}, 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limits.count + 1
    RETURNING count`);
  const rows = rowsOf<{ count: number | string }>(result);
  const count = Number(rows[0]?.count ?? 1);
  return {
    allowed: count <= limit,
    count,
    limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/** The current window's count without adding to it: a limiter that counts only failures checks here first. */
export async function peekRateLimit(db: Db, bucket: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitResult> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const result = await db.execute(sql`SELECT count FROM rate_limits WHERE bucket = ${bucket} AND window_start = ${windowStart}`);
  const count = Number(rowsOf<{ count: number | string }>(result)[0]?.count ?? 0);
  return { allowed: count < limit, count, limit, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}

/** Old windows are useless; scheduled clean-up keeps the table small. */
export async function pruneRateLimits(db: Db, olderThanMs: number, now = Date.now()): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE window_start < ${now - olderThanMs}`);
}

/**
 * The client address, as decided by the production server (server.mjs) from the socket and TRUST_PROXY and passed
 * in x-client-address; a client cannot set that header (server.mjs replaces it on every request). Never read
 * X-Forwarded-For here: the client writes it. Without an address (`next dev`, tests) every caller shares one
 * bucket, which limits more, never less.
 */
export function clientAddress(headers: Headers): string {
  return normalizeAddress(headers.get(CLIENT_ADDRESS_HEADER)) ?? 'unknown';
}

/** True when server.mjs (and not a bare `next start`) runs this process: only then is x-client-address trustworthy. */
export function behindClientAddressServer(): boolean {
  return (globalThis as Record<symbol, unknown>)[SERVER_MARKER] === true;
}
