import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';

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

/** Old windows are useless; scheduled clean-up keeps the table small. */
export async function pruneRateLimits(db: Db, olderThanMs: number, now = Date.now()): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE window_start < ${now - olderThanMs}`);
}

/**
 * The client address. Behind a trusted proxy (TRUST_PROXY=true) the first X-Forwarded-For entry is the client;
 * otherwise the last entry, which Next's own server appends from the socket.
 */
export function clientAddress(headers: Headers, trustProxy: boolean): string {
  const xff = headers.get('x-forwarded-for');
  if (xff) {
    const parts = xff.split(',').map((p) => p.trim()).filter(Boolean);
    const pick = trustProxy ? parts[0] : parts[parts.length - 1];
    if (pick) return pick;
  }
  return headers.get('x-real-ip') ?? 'unknown';
}
