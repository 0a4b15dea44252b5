process.env.LOG_LEVEL ??= 'error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { inquiries, mailOutbox, termsVersions } from '@/db/schema';
import { changeStatus, submitInquiry } from '@/bookings/service.server';
import { effectiveTermsSnapshot, ensureCurrentTermsVersion, findTermsVersion, listTermsVersions } from '@/content/terms-versions.server';
import { getTerms } from '@/site/terms';
import { getPricing } from '@/site/pricing';
import { testConfig, validInquiry } from '@tests/support/bookings-factories';

/**
 * Terms versions against a real database: one immutable, dated version per change of the effective terms, an
 * inquiry stores the version it was sent under, and its e-mails link that version — also after the terms change.
 */
describe.each(hasPostgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const))('terms versions (%s)', (kind) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb(kind);
  });
  afterAll(async () => {
    await h?.close();
  });
  const day = (iso: string) => new Date(`${iso}T10:00:00Z`);

  it('records the effective terms once, however often and however concurrently it is asked', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => ensureCurrentTermsVersion(h.db, day('2026-11-25'))));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results[0].slug).toBe('2026-11-25');
    expect(await ensureCurrentTermsVersion(h.db, day('2026-12-01'))).toEqual(results[0]);
    expect(await h.db.select({ n: sql<number>`count(*)::int` }).from(termsVersions)).toEqual([{ n: 1 }]);

    const page = await findTermsVersion(h.db, '2026-11-25');
    expect(page?.snapshot.terms).toEqual(getTerms());
    expect(page?.snapshot.markdown).toContain(`${getTerms().depositPercent}\u00a0%`);
    expect(page?.snapshot.markdown).not.toContain('{{');
    expect(page?.html).toContain('<h2');
    expect(page?.supersededBy).toBeNull();
  });

  it('stores the version with the inquiry and links it, not the live page, in the auto-reply and the confirmation', async () => {
    const current = await ensureCurrentTermsVersion(h.db);
    const sent = await submitInquiry(async () => h.db, {
      kind: 'full',
      raw: validInquiry(220, { email: 'verze@example.cz', packageId: 'obrad' }),
      idempotencyKey: null,
      clientAddress: '203.0.113.77',
      packageIds: ['obrad'],
      config: testConfig,
    });
    if (!sent.ok) throw new Error(`submit failed: ${JSON.stringify(sent)}`);
    const [row] = await h.db.select({ v: inquiries.termsVersionId }).from(inquiries).where(eq(inquiries.id, sent.id));
    expect(row.v).toBe(current.id);

    // The terms change (a new deposit, say): a new version is recorded; the couple's mails still link theirs.
    const changed = { ...effectiveTermsSnapshot(), terms: { ...getTerms(), depositPercent: getTerms().depositPercent + 5 } };
    const next = await ensureCurrentTermsVersion(h.db, day('2026-11-25'), changed);
    expect(next.id).not.toBe(current.id);
    expect(next.slug).toBe('2026-11-25-2');
    expect((await findTermsVersion(h.db, current.slug))?.supersededBy).toBe('2026-11-25-2');

    expect(await changeStatus(h.db, { id: sent.id, to: 'confirmed', actor: 'admin', config: testConfig })).toMatchObject({ ok: true });
    const mails = await h.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, sent.reference));
    const toCouple = mails.filter((m) => m.kind === 'inquiry-autoreply' || m.kind === 'inquiry-confirmed');
    expect(toCouple).toHaveLength(2);
    // The package's own binding delivery time (content/pricing.json), not only the longest one.
    const obrad = getPricing().packages.find((p) => p.id === 'obrad');
    expect(toCouple.find((m) => m.kind === 'inquiry-confirmed')?.text).toContain(`předám nejpozději do ${obrad?.deliveryWeeks}\u00a0týdnů`);
    for (const m of toCouple) {
      expect(m.text).toContain(`/obchodni-podminky/verze/${current.slug}\n`);
      expect(m.text).not.toContain('/obchodni-podminky/verze/2026-11-25-2');
    }
  });

  it('records a change back to earlier terms as a new version, and never lets a version be edited or deleted', async () => {
    const back = await ensureCurrentTermsVersion(h.db, day('2026-11-26'));
    expect(back.slug).toBe('2026-11-26');
    expect((await listTermsVersions(h.db)).map((v) => v.slug)).toEqual(['2026-11-26', '2026-11-25-2', '2026-11-25']);
    await expect(h.db.update(termsVersions).set({ contentHash: 'x' }).where(eq(termsVersions.slug, '2026-11-25'))).rejects.toThrow();
    await expect(h.db.delete(termsVersions).where(eq(termsVersions.slug, '2026-11-25'))).rejects.toThrow();
    expect(await findTermsVersion(h.db, '2026-13-99')).toBeNull();
    expect(await findTermsVersion(h.db, '../x')).toBeNull();
  });
});
