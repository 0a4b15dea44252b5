import { describe, expect, it } from 'vitest';
import { parseInquiry } from './input';
import { detectFlags } from './flags';
import { canTransition, STATUSES, TRANSITIONS } from './statuses';
import { addDays, formatCzechDate, isValidIsoDate } from '@/platform/dates';
import { newReference, REFERENCE_PATTERN } from './reference';

const today = '2026-03-01';
const base = {
  partner1: ' Jana ',
  partner2: 'Petr',
  email: ' Jana@Example.CZ ',
  phone: '+420 777 123 456',
  weddingDate: '2026-09-12',
  consent: true,
};

describe('inquiry schema', () => {
  it('normalises form strings and JSON alike', () => {
    const form = parseInquiry('full', { ...base, consent: 'on', guestCount: '80', hours: '', venue: '  ', marketingConsent: 'on' }, { today });
    expect(form).toEqual({
      ok: true,
      value: expect.objectContaining({ partner1: 'Jana', email: 'jana@example.cz', guestCount: 80, consent: true, marketingConsent: true }),
    });
    if (form.ok) {
      expect(form.value.hours).toBeUndefined();
      expect(form.value.venue).toBeUndefined();
    }
    const json = parseInquiry('full', { ...base, guestCount: 80 }, { today });
    expect(json.ok && json.value.marketingConsent).toBe(false);
  });

  it('gives one Czech message per failing field', () => {
    const r = parseInquiry('full', { weddingDate: '2025-01-01', guestCount: 0, consent: false }, { today });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fields).toMatchObject({
      partner1: 'Vyplňte prosím jméno nevěsty nebo ženicha.',
      email: 'Vyplňte prosím e-mail.',
      weddingDate: 'Datum svatby nesmí být v minulosti.',
      guestCount: 'Počet hostů musí být celé číslo od 1 do 1000.',
    });
    expect(r.fields.consent).toBeUndefined();
  });

  it('no longer requires consent (the forms show a privacy notice) but still accepts it from older API clients', () => {
    const { consent: _omitted, ...withoutConsent } = base;
    for (const kind of ['full', 'simple'] as const) {
      for (const raw of [withoutConsent, { ...base, consent: false }, { ...base, consent: 'on' }, { ...base, consent: '' }]) {
        const r = parseInquiry(kind, raw, { today });
        expect(r).toMatchObject({ ok: true, value: { consent: true } });
      }
    }
    expect(parseInquiry('contact', { partner1: 'Jana', email: 'j@example.cz', message: 'Dobrý den' }, { today }).ok).toBe(true);
    expect(parseInquiry('full', { ...base, consent: 'maybe' }, { today })).toMatchObject({ ok: false, fields: { consent: 'Neplatná hodnota.' } });
  });

  it('checks the package against the price list when one is given', () => {
    expect(parseInquiry('full', { ...base, packageId: 'zlaty' }, { today, packageIds: ['zlaty'] }).ok).toBe(true);
    expect(parseInquiry('full', { ...base, packageId: 'jiny' }, { today, packageIds: ['zlaty'] })).toMatchObject({ ok: false, fields: { packageId: 'Vyberte prosím balíček z nabídky.' } });
  });

  it('accepts a contact message without a date, requires its text', () => {
    expect(parseInquiry('contact', { partner1: 'Jana', email: 'j@example.cz', message: 'Dobrý den', consent: 'on' }, { today }).ok).toBe(true);
    expect(parseInquiry('contact', { partner1: 'Jana', email: 'j@example.cz', consent: 'on' }, { today })).toMatchObject({ ok: false, fields: { message: expect.any(String) } });
  });
});

describe('scam flags', () => {
  const input = { partner1: 'A', email: 'a@b.cz', consent: true as const, marketingConsent: false };
  it('flags a near date, a missing venue and links — never anything else', () => {
    expect(detectFlags({ ...input, weddingDate: addDays(today, 27), message: 'viz www.example.com' }, 'full', today, true).sort()).toEqual(['date_soon', 'links', 'no_venue']);
    expect(detectFlags({ ...input, weddingDate: addDays(today, 28), venue: 'Mlýn' }, 'full', today, true)).toEqual([]);
    expect(detectFlags({ ...input, weddingDate: addDays(today, 90) }, 'simple', today, false)).toEqual(['unknown_client']);
  });
});

describe('pipeline', () => {
  it('lets nothing leave done, and only the job expire a hold', () => {
    expect(TRANSITIONS.done).toEqual([]);
    for (const s of STATUSES) expect(canTransition(s, 'expired')).toBe(false);
    expect(canTransition('held', 'confirmed')).toBe(true);
    expect(canTransition('confirmed', 'held')).toBe(false);
  });
});

describe('dates and references', () => {
  it('formats Czech dates and rejects impossible ones', () => {
    expect(formatCzechDate('2026-06-12')).toBe('12. června 2026');
    expect(isValidIsoDate('2026-02-29')).toBe(false);
    expect(isValidIsoDate('2028-02-29')).toBe(true);
  });
  it('makes readable references', () => {
    const r = newReference(2026);
    expect(r).toMatch(REFERENCE_PATTERN);
    expect(r.slice(8)).not.toMatch(/[01OIL]/);
  });
});
