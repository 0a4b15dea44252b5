process.env.LOG_LEVEL ??= 'error';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { getHomeContent, guideProgress, markGuide, patchSettings, SettingsError, sitePhotoIds } from '@/site/public.server';
import { loadSiteSettings } from '@/site/settings.server';
import { setOverrides } from '@/site/overrides';
import { smtpErrorInCzech } from '@/platform/mail.server';

/**
 * The first-run guide's state and the home page's settings section on a real database: her photos replace the file's
 * placeholders (a saved `{photo}` wins over the file's `{placeholder}`), a malformed photo reference is refused in
 * Czech naming the field, and the guide's progress follows the settings and what was stored.
 */
const PHOTO = '0b9a8c1e-3f4d-4a5b-9c6d-7e8f9a0b1c2d';

describe.each([
  ['pglite' as const, true],
  ['postgres' as const, hasPostgres],
])('site guide on %s', (kind, enabled) => {
  let h: DbHandle;
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
    await h.db.execute(sql`DELETE FROM app_settings WHERE key = 'site-guide'`);
    await loadSiteSettings(h.db);
  });

  it.runIf(enabled)('her uploaded photos replace the placeholders of home.json and are the site photos', async () => {
    expect('placeholder' in getHomeContent().hero.image).toBe(true);
    expect(sitePhotoIds()).toEqual([]);
    await patchSettings(h.db, { home: { hero: { image: { photo: PHOTO, width: 2400, height: 1600 }, heading: 'Svatby, jak je cítíte.' } } }, 'admin@test.cz');
    const home = getHomeContent();
    expect(home.hero.image).toEqual({ photo: PHOTO, width: 2400, height: 1600 });
    expect(home.hero.heading).toBe('Svatby, jak je cítíte.');
    // Fields she never touched keep following the file.
    expect(home.hero.cta).toBe('Rezervace');
    expect(sitePhotoIds()).toEqual([PHOTO]);
    // Reloaded from the database (start-up, another instance) it is the same.
    setOverrides({});
    await loadSiteSettings(h.db);
    expect(sitePhotoIds()).toEqual([PHOTO]);
  });

  it.runIf(enabled)('a malformed photo reference or an empty about text is refused in Czech, naming the field', async () => {
    const err = await patchSettings(h.db, { home: { about: { portrait: { photo: '../../etc/passwd', width: 10, height: 1500 }, paragraphs: [] } } }, null).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SettingsError);
    const fields = (err as SettingsError).issues.map((i) => i.field);
    expect(fields.some((f) => f.startsWith('home.about.portrait'))).toBe(true);
    expect(fields).toContain('home.about.paragraphs');
    expect((err as SettingsError).issues.find((i) => i.field === 'home.about.paragraphs')?.message).toBe('Aspoň jeden odstavec');
    expect('placeholder' in getHomeContent().about.portrait).toBe(true);
  });

  it.runIf(enabled)('the guide progress follows her settings and the stored steps', async () => {
    const start = await guideProgress(h.db);
    expect(start).toMatchObject({ identity: false, heroPhoto: false, portrait: false, mailTested: false, finished: false });
    expect(start.samples).toContain('IČO');
    expect(start.samples).toContain('číslo účtu');
    await patchSettings(
      h.db,
      {
        photographer: { name: 'Jana Dvořáková', brand: 'Jana Fotí', email: 'jana@fotky-jana.cz', phone: '+420 603 111 222', street: 'Dlouhá 5', ico: '27074358', bankAccount: '2400123456/2010', iban: 'CZ6020100000002400123456' },
        home: { hero: { image: { photo: PHOTO, width: 2400, height: 1600 } } },
      },
      null,
    );
    const after = await guideProgress(h.db);
    expect(after).toMatchObject({ identity: true, heroPhoto: true, portrait: false, samples: [] });
    expect((await markGuide(h.db, 'mail-tested')).mailTested).toBe(true);
    expect((await markGuide(h.db, 'finished')).finished).toBe(true);
    // Stored for every instance: read again from the database.
    expect(await guideProgress(h.db)).toMatchObject({ mailTested: true, finished: true });
    expect((await markGuide(h.db, 'reopened')).finished).toBe(false);
  });
});

describe('smtpErrorInCzech', () => {
  it('names the likely cause in Czech and keeps the server words', () => {
    expect(smtpErrorInCzech(Object.assign(new Error('Invalid login: 535 5.7.8 Authentication failed'), { code: 'EAUTH' }))).toBe(
      'SMTP server odmítl přihlášení – zkontrolujte jméno a heslo v SMTP_URL. (Invalid login: 535 5.7.8 Authentication failed)',
    );
    expect(smtpErrorInCzech(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET' }))).toContain('odmítl spojení');
    expect(smtpErrorInCzech(Object.assign(new Error('getaddrinfo ENOTFOUND smtp.nikde.cz'), { code: 'EDNS' }))).toContain('nepodařilo připojit');
    expect(smtpErrorInCzech(Object.assign(new Error("Can't send mail - all recipients were rejected: 550 Mailbox unavailable"), { code: 'EENVELOPE' }))).toContain('odmítl odesílatele nebo adresáta');
    expect(smtpErrorInCzech(new Error('451 try later'))).toBe('SMTP server e-mail nepřijal. (451 try later)');
  });
});
