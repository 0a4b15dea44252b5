import { describe, expect, it } from 'vitest';
import { czechCount, DAYS, DAYS_GEN, MONTHS, WEEKS_GEN } from './plural';
import { getTerms, stornoLines, termPlaceholders, termsEnvProblems, termsSchema } from './terms';
import { isValidIco } from './ico';
import { fillPlaceholders } from './text-placeholders';

const NBSP = '\u00a0';

describe('Czech plural declension', () => {
  it.each([
    [1, 'den', 'dne'],
    [2, 'dny', 'dnů'],
    [4, 'dny', 'dnů'],
    [5, 'dní', 'dnů'],
    [14, 'dní', 'dnů'],
    [21, 'dní', 'dnů'],
  ])('%i → „%s“, genitive „%s“', (n, nominative, genitive) => {
    expect(czechCount(n, DAYS)).toBe(`${n}${NBSP}${nominative}`);
    expect(czechCount(n, DAYS_GEN)).toBe(`${n}${NBSP}${genitive}`);
  });
  it('declines months and weeks', () => {
    expect([1, 3, 12].map((n) => czechCount(n, MONTHS))).toEqual([`1${NBSP}měsíc`, `3${NBSP}měsíce`, `12${NBSP}měsíců`]);
    expect([1, 2, 6].map((n) => czechCount(n, WEEKS_GEN))).toEqual([`1${NBSP}týdne`, `2${NBSP}týdnů`, `6${NBSP}týdnů`]);
  });
});

describe('booking terms (content/terms.json)', () => {
  const base = getTerms();
  it('fills content placeholders with declined phrases from the one file', () => {
    const t = termPlaceholders({ ...base, holdDays: 3, depositPercent: 25 });
    expect(fillPlaceholders('termín vám na {{holdDays}} podržím, záloha {{depositPercent}}', t)).toBe(`termín vám na 3${NBSP}dny podržím, záloha 25${NBSP}%`);
    expect(termPlaceholders({ ...base, holdDays: 1 }).holdDays).toBe(`1${NBSP}den`);
    expect(() => fillPlaceholders('{{nope}}', t)).toThrow(/Unknown placeholder/);
  });
  it('renders the storno scale as ranges that cover every day', () => {
    const lines = stornoLines({ ...base, storno: [{ minDaysBefore: 181, percent: 10 }, { minDaysBefore: 91, percent: 20 }, { minDaysBefore: 0, percent: 50 }] });
    expect(lines.map((l) => l.label)).toEqual([`181${NBSP}dní a${NBSP}více před svatbou`, `91–180${NBSP}dní před svatbou`, `90${NBSP}dní a${NBSP}méně před svatbou`]);
  });
  it('refuses terms that contradict themselves', () => {
    const bad = (over: object) => termsSchema.safeParse({ ...base, ...over }).success;
    expect(bad({})).toBe(true);
    expect(bad({ depositDueDays: base.holdDays + 1 })).toBe(false);
    expect(bad({ storno: [{ minDaysBefore: 30, percent: 50 }, { minDaysBefore: 90, percent: 20 }] })).toBe(false);
    expect(bad({ storno: [{ minDaysBefore: 90, percent: 50 }, { minDaysBefore: 0, percent: 20 }] })).toBe(false);
    expect(bad({ storno: [{ minDaysBefore: 90, percent: 10 }] })).toBe(false);
  });
  it('HOLD_DAYS and RETENTION_MONTHS may only repeat the terms', () => {
    expect(termsEnvProblems({ HOLD_DAYS: undefined, RETENTION_MONTHS: undefined }, base)).toEqual([]);
    expect(termsEnvProblems({ HOLD_DAYS: base.holdDays, RETENTION_MONTHS: base.inquiryRetentionMonths }, base)).toEqual([]);
    const problems = termsEnvProblems({ HOLD_DAYS: base.holdDays + 1, RETENTION_MONTHS: base.inquiryRetentionMonths + 1 }, base);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('content/terms.json');
  });
  it('shows configuration-dependent sections only when switched on', () => {
    const src = 'A{{#googleAnalytics}} Google{{/googleAnalytics}}{{^googleAnalytics}} bez Google{{/googleAnalytics}}.';
    expect(fillPlaceholders(src, {}, { googleAnalytics: true })).toBe('A Google.');
    expect(fillPlaceholders(src, {}, { googleAnalytics: false })).toBe('A bez Google.');
    expect(() => fillPlaceholders('{{#nic}}x{{/nic}}', {}, {})).toThrow(/Unknown section/);
  });
});

describe('IČO', () => {
  it('checks the mod-11 digit', () => {
    expect(isValidIco('12345679')).toBe(true);
    expect(isValidIco('12345678')).toBe(false);
    expect(isValidIco('25596641')).toBe(true);
    expect(isValidIco('1234567')).toBe(false);
    expect(isValidIco('1234567a')).toBe(false);
  });
});
