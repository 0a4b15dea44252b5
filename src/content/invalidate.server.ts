import 'server-only';
import { revalidatePath } from 'next/cache';
import { clearContentCache } from '@/content/cache';

/**
 * The one place that says "content changed": the CMS webhook and every admin content edit call it, so the
 * next visitor of any public page sees the change. Clears this process's content cache and Next's rendered
 * output; returns how many cached content entries were dropped.
 */
export function invalidateContent(): number {
  const cleared = clearContentCache();
  revalidatePath('/', 'layout');
  return cleared;
}
