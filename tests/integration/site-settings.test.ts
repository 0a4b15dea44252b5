process.env.LOG_LEVEL ??= 'error';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { effectiveSettings, fillPlaceholders, getFaq, getPricing, getSiteInfo, getTerms, getTestimonials, importSettings, patchSettings, sampleTestimonialsLive, SettingsError, termPlaceholders } from '@/site/public.server';
import { loadSiteSettings } from '@/site/settings.server';
import { setOverrides } from '@/site/overrides';

/**
 * The settings saved in the admin over the content/ files (src/site/settings.server.ts) on a real database: a
 * change is deep-merged, validated as the whole site with Czech messages naming the field, read by every getter at
 * once, survives a reload from the database, and an export imported elsewhere reproduces the site.
 */
async function settingsError(p: Promise<unknown>): Promise<SettingsError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SettingsError);
  return err as SettingsError;
}

describe.each([
  ['pglite' as const, true],
  ['postgres' as const, hasPostgres],
])('site settings on %s', (kind, enabled) => {
  let h: DbHandle;
  const fileName = getSiteInfo().photographer.name;
  const filePrice = getPricing().packages[0].price;

  beforeAll(async () => {
    if (enabled) h = await createTestDb(kind);
  });
  afterAll(async () => {
    setOverrides({});
    await h?.close();
  });
  beforeEach(async () => {
    if (!enabled) return;
    await h.db.execute(sql`DELETE FROM site_settings`);
    await loadSiteSettings(h.db);
  });

  it.runIf(enabled)('a saved change wins over the file everywhere, and survives a reload from the database', async () => {
    expect(getSiteInfo().photographer.name).toBe(fileName);
    expect(getPricing().packages[0].price).toBe(filePrice);
    const packages = structuredClone(effectiveSettings().pricing.packages) as { price: number }[];
    packages[0].price = 31_500;
    const doc = await patchSettings(
      h.db,
      { photographer: { name: 'Eliška Dvořáková', email: 'eliska@fotky.cz', ico: '27074358' }, pricing: { packages }, terms: { holdDays: 10, depositDueDays: 7 } },
      'eliska@fotky.cz',
    );
    expect(doc.photographer).toMatchObject({ name: 'Eliška Dvořáková', email: 'eliska@fotky.cz', ico: '27074358', brand: getSiteInfo().photographer.brand });
    // Every getter and every text placeholder reads the new values.
    expect(getSiteInfo().photographer.name).toBe('Eliška Dvořáková');
    expect(getPricing().packages[0].price).toBe(31_500);
    expect(getTerms().holdDays).toBe(10);
    expect(termPlaceholders().holdDays).toBe('10\u00a0dní');
    expect(fillPlaceholders('{{name}}, IČO {{ico}}, {{email}}')).toBe('Eliška Dvořáková, IČO 27074358, eliska@fotky.cz');
    // Fields not changed keep following the file (deep merge).
    expect(getTerms().depositPercent).toBe(effectiveSettings({}).terms.depositPercent);

    // Another process (or a restart) loads the same values from the database.
    setOverrides({});
    expect(getSiteInfo().photographer.name).toBe(fileName);
    expect(getPricing().packages[0].price).toBe(filePrice);
    expect(await loadSiteSettings(h.db)).toBe(2 + 1);
    expect(getSiteInfo().photographer.name).toBe('Eliška Dvořáková');
    expect(getPricing().packages[0].price).toBe(31_500);
  });

  it.runIf(enabled)('refuses bad values with Czech messages naming the field, and keeps the old values', async () => {
    let err = await settingsError(patchSettings(h.db, { photographer: { ico: '12345678', email: 'není-email' } }, null));
    const fields = err.issues.map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['photographer.ico', 'photographer.email']));
    expect(err.issues.find((i) => i.field === 'photographer.ico')?.message).toMatch(/IČO musí mít 8 číslic/);
    expect(err.issues.find((i) => i.field === 'photographer.email')?.message).toMatch(/[ěščřžýáíéůú]/);

    err = await settingsError(patchSettings(h.db, { terms: { depositPercent: 150 } }, null));
    expect(err.issues).toEqual([{ field: 'terms.depositPercent', message: expect.stringMatching(/100/) }]);
    expect(err.issues[0].message).not.toMatch(/too big|expected/i);

    // A rule across sections: a package may not promise longer delivery than the terms.
    err = await settingsError(patchSettings(h.db, { terms: { deliveryWeeks: 1, expressDeliveryDays: 3 } }, null));
    expect(err.issues[0]).toEqual({ field: 'pricing.packages.0.deliveryWeeks', message: expect.stringMatching(/déle než 1 týdnů|déle než 1/) });

    // An unknown placeholder in a text is a validation message, not a crash.
    const groups = structuredClone(effectiveSettings().faq.groups) as { questions: { answer: string[] }[] }[];
    groups[0].questions[0].answer = ['Viz {{neznama}}.'];
    err = await settingsError(patchSettings(h.db, { faq: { groups } }, null));
    expect(err.issues[0]).toEqual({ field: 'faq.groups.0.questions.0.answer.0', message: expect.stringContaining('Neznámá značka') });

    err = await settingsError(patchSettings(h.db, { navigation: [] }, null));
    expect(err.issues[0].message).toMatch(/Neznámá část nastavení/);
    err = await settingsError(patchSettings(h.db, [1, 2], null));
    expect(err.issues[0].message).toMatch(/objekt JSON/);

    expect(getSiteInfo().photographer.ico).toBe(effectiveSettings({}).photographer.ico);
    expect(getTerms().depositPercent).toBe(effectiveSettings({}).terms.depositPercent);
    expect(rowsOf<{ n: number }>(await h.db.execute(sql`SELECT count(*)::int AS n FROM site_settings`))[0].n).toBe(0);
  });

  it.runIf(enabled)('FAQ and testimonials: add, reorder, delete; testimonials also as a bare list', async () => {
    const faq = structuredClone(effectiveSettings().faq) as { groups: { id: string; title: string; questions: { id: string; question: string; answer: string[] }[] }[] };
    faq.groups[0].questions.unshift({ id: 'psi-na-svatbe', question: 'Fotíte i psy?', answer: ['Ano, ráda.'] });
    faq.groups[0].questions.pop();
    await patchSettings(h.db, { faq: { groups: faq.groups } }, null);
    expect(getFaq().groups[0].questions[0]).toMatchObject({ id: 'psi-na-svatbe', question: 'Fotíte i\u00a0psy?' });
    expect(getFaq().groups[0].questions.length).toBe(faq.groups[0].questions.length);

    await patchSettings(h.db, { testimonials: [{ couple: 'Eva a Jan', quote: 'Fotky jsou nádherné, děkujeme za celý den!', weddingSlug: 'eva-a-jan' }] }, null);
    expect(getTestimonials()).toEqual([{ couple: 'Eva a Jan', quote: 'Fotky jsou nádherné, děkujeme za celý den!', weddingSlug: 'eva-a-jan' }]);
    expect(effectiveSettings().testimonials).toEqual({ testimonials: getTestimonials() });
  });

  it.runIf(enabled)('counts the shipped sample testimonials still live until she replaces them', async () => {
    const shipped = getTestimonials();
    expect(shipped.length).toBeGreaterThan(1);
    expect(sampleTestimonialsLive()).toEqual({ samples: shipped.length, total: shipped.length });
    const mine = { couple: 'Klára a Ondřej', quote: 'Provedla nás celým dnem s úsměvem, fotky předčily všechno.' };
    await patchSettings(h.db, { testimonials: [mine, ...shipped.slice(1)] }, null);
    expect(sampleTestimonialsLive()).toEqual({ samples: shipped.length - 1, total: shipped.length });
    // The same couple with her own words is hers, not a sample.
    await patchSettings(h.db, { testimonials: [mine, { ...shipped[1], quote: `${shipped[1].quote} Děkujeme!` }] }, null);
    expect(sampleTestimonialsLive()).toEqual({ samples: 0, total: 2 });
  });

  it.runIf(enabled)('an export imported into a fresh database reproduces the site', async () => {
    await patchSettings(h.db, { photographer: { name: 'Eliška Dvořáková', notifyEmail: 'poptavky@fotky.cz' }, terms: { holdDays: 12 } }, null);
    const exported = JSON.parse(JSON.stringify(effectiveSettings())) as unknown;
    const other = await createTestDb(kind);
    try {
      setOverrides({});
      await importSettings(other.db, exported, null);
      expect(getSiteInfo().photographer).toMatchObject({ name: 'Eliška Dvořáková', notifyEmail: 'poptavky@fotky.cz' });
      expect(getTerms().holdDays).toBe(12);
      setOverrides({});
      await loadSiteSettings(other.db);
      expect(effectiveSettings()).toEqual(exported);
      // A broken import changes nothing.
      const err = await settingsError(importSettings(other.db, { terms: { holdDays: 0 } }, null));
      expect(err.issues[0].field).toBe('terms.holdDays');
      expect(getTerms().holdDays).toBe(12);
    } finally {
      await other.close();
    }
  });
});
