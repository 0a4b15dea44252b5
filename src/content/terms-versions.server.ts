import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { localToday } from '@/platform/dates';
import { log } from '@/platform/log';
import { fillMarkdown } from './pages/markdown';
import { getTermsPage } from './pages/static-pages';
import { getTerms, termsSchema } from '@/site/public.server';
import { findVersionById, findVersionBySlug, listVersions, recordIfChanged, type TermsVersionRow } from './repositories/terms-versions.server';
import { renderTrustedMarkdown } from './markdown';

/**
 * Versions of the terms (§ 1824 OZ: the couple gets the terms in text form, and the version they booked under must
 * stay readable). The effective terms are read through the same getters the terms page uses, so whatever changes
 * them (the files, or settings stored elsewhere later) changes the hash, and the next check records a new, dated,
 * immutable version. A version is shown from its own snapshot, never from the live files.
 */
export const termsSnapshotSchema = z.object({
  title: z.string(),
  heading: z.string(),
  lead: z.string(),
  /** The page's Markdown with every placeholder filled: exactly the text a reader got. */
  markdown: z.string(),
  /** The numbers of content/terms.json in force. */
  terms: termsSchema,
});
export type TermsSnapshot = z.infer<typeof termsSnapshotSchema>;

export interface TermsVersion {
  id: number;
  slug: string;
  /** ISO day from which the version applies. */
  effectiveOn: string;
  contentHash: string;
}

export interface TermsVersionPage extends TermsVersion {
  snapshot: TermsSnapshot;
  html: string;
  /** The slug of the version that replaced this one, if any. */
  supersededBy: string | null;
}

/** What the terms page shows right now, as a snapshot. */
export function effectiveTermsSnapshot(): TermsSnapshot {
  const page = getTermsPage();
  return {
    title: page.data.title,
    heading: page.data.heading,
    lead: page.data.lead,
    markdown: fillMarkdown(page.source),
    terms: getTerms(),
  };
}

/** sha256 over the snapshot's text and numbers, keys in a fixed order. */
export function snapshotHash(s: TermsSnapshot): string {
  const canonical = JSON.stringify([s.title, s.heading, s.lead, s.markdown, Object.entries(s.terms).sort(([a], [b]) => a.localeCompare(b))]);
  return createHash('sha256').update(canonical).digest('hex');
}

function toVersion(row: TermsVersionRow): TermsVersion {
  return { id: row.id, slug: row.slug, effectiveOn: row.effectiveOn, contentHash: row.contentHash };
}

/**
 * Idempotent: records a new version when the effective terms' hash differs from the latest version's, and returns
 * the version in force. Called at start-up and for every inquiry (which stores the returned id).
 */
export async function ensureCurrentTermsVersion(db: Db, now: Date = new Date(), snapshot: TermsSnapshot = effectiveTermsSnapshot()): Promise<TermsVersion> {
  const { row, created } = await recordIfChanged(db, { contentHash: snapshotHash(snapshot), snapshot, effectiveOn: localToday(now) });
  if (created) log.info('terms: new version recorded', { slug: row.slug, hash: row.contentHash.slice(0, 12) });
  return toVersion(row);
}

export async function listTermsVersions(db: Db): Promise<TermsVersion[]> {
  return (await listVersions(db)).map(toVersion);
}

/** Valid address parts: `2026-11-25`, `2026-11-25-2`. */
export const TERMS_VERSION_SLUG = /^\d{4}-\d{2}-\d{2}(?:-[2-9]|-[1-9]\d{1,3})?$/;

export async function findTermsVersion(db: Db, slug: string): Promise<TermsVersionPage | null> {
  if (!TERMS_VERSION_SLUG.test(slug)) return null;
  const row = await findVersionBySlug(db, slug);
  if (!row) return null;
  const parsed = termsSnapshotSchema.safeParse(row.snapshot);
  if (!parsed.success) throw new Error(`Terms version ${slug}: stored snapshot does not parse (${parsed.error.issues[0]?.message ?? ''})`);
  const all = await listVersions(db);
  const next = all.filter((v) => v.id > row.id).at(-1);
  return { ...toVersion(row), snapshot: parsed.data, html: renderTrustedMarkdown(parsed.data.markdown), supersededBy: next?.slug ?? null };
}

export async function termsVersionById(db: Db, id: number): Promise<TermsVersion | null> {
  const row = await findVersionById(db, id);
  return row ? toVersion(row) : null;
}

/** The address of a version, relative to the site (`/obchodni-podminky/verze/2026-11-25`). */
export function termsVersionPath(slug: string): string {
  return `/obchodni-podminky/verze/${slug}`;
}

/** For the pages: the list of versions, newest first. */
export async function loadTermsVersions(): Promise<TermsVersion[]> {
  const { getDb } = await import('@/db/db.server');
  return listTermsVersions(await getDb());
}

/** For the pages: one version by its address part, or null (malformed or unknown). */
export async function loadTermsVersion(slug: string): Promise<TermsVersionPage | null> {
  if (!TERMS_VERSION_SLUG.test(slug)) return null;
  const { getDb } = await import('@/db/db.server');
  return findTermsVersion(await getDb(), slug);
}
