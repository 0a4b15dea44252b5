import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { termsVersions } from '@/db/schema';

/** The only code that touches `terms_versions` (immutable rows; the table's trigger refuses updates and deletes). */

export interface TermsVersionRow {
  id: number;
  slug: string;
  effectiveOn: string;
  contentHash: string;
  snapshot: unknown;
  createdAt: Date;
}

const columns = {
  id: termsVersions.id,
  slug: termsVersions.slug,
  effectiveOn: termsVersions.effectiveOn,
  contentHash: termsVersions.contentHash,
  snapshot: termsVersions.snapshot,
  createdAt: termsVersions.createdAt,
};

/**
 * Records a version unless the latest one already has this hash; returns the current version either way. Runs
 * under a transaction-scoped advisory lock, so instances starting together (or inquiries arriving together) record
 * one version, not several.
 */
export async function recordIfChanged(
  db: Db,
  next: { contentHash: string; snapshot: unknown; effectiveOn: string },
): Promise<{ row: TermsVersionRow; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('terms_versions'))`);
    const [latest] = await tx.select(columns).from(termsVersions).orderBy(desc(termsVersions.id)).limit(1);
    if (latest && latest.contentHash === next.contentHash) return { row: latest, created: false };
    const sameDay = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(termsVersions)
      .where(eq(termsVersions.effectiveOn, next.effectiveOn));
    const n = sameDay[0]?.n ?? 0;
    const slug = n === 0 ? next.effectiveOn : `${next.effectiveOn}-${n + 1}`;
    const [row] = await tx
      .insert(termsVersions)
      .values({ slug, effectiveOn: next.effectiveOn, contentHash: next.contentHash, snapshot: next.snapshot })
      .returning(columns);
    return { row, created: true };
  });
}

export async function listVersions(db: Db): Promise<TermsVersionRow[]> {
  return db.select(columns).from(termsVersions).orderBy(desc(termsVersions.id));
}

export async function findVersionBySlug(db: Db, slug: string): Promise<TermsVersionRow | null> {
  const [row] = await db.select(columns).from(termsVersions).where(eq(termsVersions.slug, slug)).limit(1);
  return row ?? null;
}

export async function findVersionById(db: Db, id: number): Promise<TermsVersionRow | null> {
  const [row] = await db.select(columns).from(termsVersions).where(eq(termsVersions.id, id)).limit(1);
  return row ?? null;
}
