import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The content webhook (/api/revalidate): authenticates the caller and reads what changed from a Contentful
 * or Strapi webhook body — only for the log and the answer; any valid call clears the whole content cache
 * (a list, a detail and the home page may all show the changed item).
 */

/** Constant-time comparison of the shared secret (hashing first makes the lengths equal). */
export function secretMatches(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const localized = z.union([z.string(), z.record(z.string(), z.string())]).transform((v) => (typeof v === 'string' ? v : Object.values(v)[0]));

/** Contentful: the entry or asset itself, `sys.type` Entry/Asset/DeletedEntry/DeletedAsset, fields localized. */
const contentfulBody = z
  .object({
    sys: z.object({ type: z.string(), id: z.string(), contentType: z.object({ sys: z.object({ id: z.string() }).loose() }).loose().optional() }).loose(),
    fields: z.object({ slug: localized.optional() }).loose().optional(),
  })
  .loose();

/** Strapi: `{ event: 'entry.update', model: 'wedding', entry: { slug, … } }` (v3: `{ event, model, entry }` too). */
const strapiBody = z
  .object({
    event: z.string(),
    model: z.string().optional(),
    uid: z.string().optional(),
    entry: z.object({ slug: z.string().optional(), id: z.union([z.number(), z.string()]).optional() }).loose().optional(),
  })
  .loose();

export interface WebhookSummary {
  origin: 'contentful' | 'strapi' | 'other';
  /** Event or sys.type, e.g. "entry.publish" / "Entry". */
  event?: string;
  model?: string;
  slug?: string;
}

export function describeWebhook(body: unknown, headers: Headers): WebhookSummary {
  const topic = headers.get('x-contentful-topic') ?? undefined;
  const cf = contentfulBody.safeParse(body);
  if (cf.success && (topic || /^(Deleted)?(Entry|Asset)$/.test(cf.data.sys.type))) {
    return { origin: 'contentful', event: topic ?? cf.data.sys.type, model: cf.data.sys.contentType?.sys.id, slug: cf.data.fields?.slug };
  }
  const st = strapiBody.safeParse(body);
  if (st.success) return { origin: 'strapi', event: st.data.event, model: st.data.model ?? st.data.uid, slug: st.data.entry?.slug };
  return { origin: 'other' };
}
