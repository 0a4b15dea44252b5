import 'server-only';
import { revalidatePath } from 'next/cache';
import { clearContentCache } from '@/content/cache';
import RenderCacheHandler, { ROOT_LAYOUT_TAG } from '@/platform/render-cache/handler.mjs';

/**
 * The one place that says "content changed": the CMS webhook and every admin content edit call it, so the
 * next visitor of any public page sees the change (docs/decisions/011-render-cache-csp.md):
 * - drops this process's content cache;
 * - expires every page in the render cache at once (the root layout's tag) — which, with a PostgreSQL
 *   DATABASE_URL, is broadcast to the other instances (src/platform/render-cache/sync.server.ts);
 * - tells Next too (`revalidatePath('/', 'layout')`), which also refreshes the caller's client router cache in
 *   a server action. Outside a request (a script or job) Next has no store for that; the first two suffice.
 * Returns how many cached content entries were dropped.
 */
export function invalidateContent(): number {
  const cleared = clearContentCache();
  void new RenderCacheHandler().revalidateTag([ROOT_LAYOUT_TAG]);
  try {
    revalidatePath('/', 'layout');
  } catch {
    /* not inside a request: the render cache is already expired above */
  }
  return cleared;
}
