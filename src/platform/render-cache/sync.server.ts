import 'server-only';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { z } from 'zod';
import { getEnv } from '@/platform/env';
import { log } from '@/platform/log';
import { invalidateRenderCacheTags, onRenderCacheInvalidation, ROOT_LAYOUT_TAG } from './handler.mjs';

/**
 * Keeps the render caches of several instances consistent (docs/decisions/011-render-cache-csp.md): with a
 * PostgreSQL `DATABASE_URL`, every local invalidation (revalidatePath/revalidateTag, i.e. `invalidateContent()`)
 * is broadcast with NOTIFY, and every instance LISTENs: on a message from another instance it expires the same
 * tags in its render cache and runs `onRemoteInvalidation` (the app wires the content cache's clear there). A reconnected listener may have missed messages, so it
 * expires everything once. PGlite is one process: nothing to do.
 */
export const RENDER_CACHE_CHANNEL = 'render_cache_invalidate';

const messageSchema = z.object({
  origin: z.string().min(1).max(100),
  tags: z.array(z.string().min(1).max(1000)).min(1).max(200),
});

const g = globalThis as unknown as { __renderCacheSync?: { origin: string; sql: postgres.Sql } };

/** Applies one NOTIFY payload from the channel; messages this instance sent itself are ignored. */
export function applyInvalidationMessage(payload: string, ownOrigin: string, onRemoteInvalidation: () => void | Promise<void> = () => {}): boolean {
  let parsed: z.infer<typeof messageSchema>;
  try {
    parsed = messageSchema.parse(JSON.parse(payload));
  } catch (err) {
    log.warn('render cache: ignoring a malformed invalidation message', { err });
    return false;
  }
  if (parsed.origin === ownOrigin) return false;
  // Caches that must be re-read first (e.g. the site settings) finish before the pages expire, so a page rendered
  // right after the expiry cannot be cached again with the old values.
  const pending = onRemoteInvalidation();
  if (pending instanceof Promise) void pending.finally(() => invalidateRenderCacheTags(parsed.tags));
  else invalidateRenderCacheTags(parsed.tags);
  return true;
}

export async function startRenderCacheSync(onRemoteInvalidation: () => void | Promise<void> = () => {}): Promise<'off' | 'listening'> {
  const url = getEnv().DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) return 'off';
  if (g.__renderCacheSync) return 'listening';
  const origin = randomUUID();
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  g.__renderCacheSync = { origin, sql };
  let connected = false;
  await sql.listen(
    RENDER_CACHE_CHANNEL,
    (payload) => {
      if (applyInvalidationMessage(payload, origin, onRemoteInvalidation)) log.info('render cache: invalidated by another instance');
    },
    () => {
      // Called on every (re)connect: after a gap, messages may have been lost, so start from empty.
      if (connected) {
        void Promise.resolve(onRemoteInvalidation()).finally(() => invalidateRenderCacheTags([ROOT_LAYOUT_TAG]));
        log.warn('render cache: invalidation listener reconnected; cleared this instance’s caches');
      }
      connected = true;
    },
  );
  onRenderCacheInvalidation((tags) => {
    sql.notify(RENDER_CACHE_CHANNEL, JSON.stringify({ origin, tags: tags.slice(0, 200) })).catch((err: unknown) => {
      log.warn('render cache: could not broadcast an invalidation (other instances catch up by the time-based refresh)', { err });
    });
  });
  return 'listening';
}
