import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getTerms, termPlaceholders, type Terms } from '@/site/terms';
import { priceFactPlaceholders, rawPricing, rawTravel, type RawPricing, type RawTravel } from '@/site/price-facts';
import { fillPlaceholders, sitePlaceholders } from '@/site/text-placeholders';

/**
 * No number of content/terms.json, content/pricing.json or the travel rule of content/locations.json may be typed
 * into copy: every such figure is a `{{placeholder}}`, so changing the file changes every sentence.
 *
 * How it is found: the copy is rendered with every setting replaced by a sentinel (901, 902, …). A sentence that
 * still shows a setting's real value next to its unit ("14 dnů", "30 %", "14 900 Kč", "4 až 901 týdnů") typed it.
 * Source code is read as it is (it has no placeholders; its figures must come from the same getters).
 */
const root = process.cwd();
const SP = '[\\s\\u00a0]*';

type Unit = 'days' | 'weeks' | 'months' | 'years' | 'percent' | 'czk' | 'hours' | 'km';
const UNIT: Record<Unit, string> = {
  days: '(?:pracovních[\\s\\u00a0]+)?(?:den|dny|dní|dnů|dne|dnech|dnům|denní\\p{L}*)',
  weeks: '(?:týden|týdny|týdnů|týdne|týdnech|týdenní\\p{L}*)',
  months: '(?:měsíc|měsíce|měsíců|měsících|měsíční\\p{L}*)',
  years: '(?:rok|roky|let|roku|letech|letá\\p{L}*|letý\\p{L}*)',
  percent: '(?:%|procent\\p{L}*)',
  czk: '(?:Kč|korun\\p{L}*|,-)',
  hours: '(?:hodina|hodinu|hodiny|hodin|hod\\.)',
  km: '(?:km|kilometr\\p{L}*)',
};

interface Fact {
  name: string;
  value: number;
  unit: Unit;
}

const TERM_UNITS: Partial<Record<keyof Terms, Unit>> = {
  holdDays: 'days',
  depositPercent: 'percent',
  depositDueDays: 'days',
  balanceDueDaysAfterWedding: 'days',
  refundDays: 'days',
  withdrawalDays: 'days',
  previewDays: 'days',
  deliveryWeeks: 'weeks',
  expressDeliveryDays: 'days',
  rainReshootMonths: 'months',
  galleryMonths: 'months',
  archiveYears: 'years',
  complaintResolutionDays: 'days',
  goodsWarrantyMonths: 'months',
  voucherValidityMonths: 'months',
  voucherExtensionMonths: 'months',
  inquiryRetentionMonths: 'months',
  accountRetentionMonths: 'months',
  contractRetentionYears: 'years',
  analyticsCookieMonths: 'months',
  consentCookieMonths: 'months',
};

function facts(terms: Terms, pricing: RawPricing, travel: RawTravel): Fact[] {
  const out: Fact[] = [];
  for (const [key, unit] of Object.entries(TERM_UNITS) as [keyof Terms, Unit][]) out.push({ name: `terms.${key}`, value: terms[key] as number, unit });
  terms.storno.forEach((t, i) => {
    out.push({ name: `terms.storno[${i}].percent`, value: t.percent, unit: 'percent' });
    if (t.minDaysBefore > 0) out.push({ name: `terms.storno[${i}].minDaysBefore`, value: t.minDaysBefore, unit: 'days' });
  });
  for (const p of pricing.packages) {
    out.push({ name: `pricing.${p.id}.price`, value: p.price, unit: 'czk' });
    out.push({ name: `pricing.${p.id}.hours`, value: p.hours, unit: 'hours' });
    out.push({ name: `pricing.${p.id}.deliveryWeeks`, value: p.deliveryWeeks, unit: 'weeks' });
  }
  for (const a of pricing.addons) out.push({ name: `pricing.${a.id}.price`, value: a.price, unit: 'czk' });
  out.push({ name: 'locations.freeKm', value: travel.freeKm, unit: 'km' });
  out.push({ name: 'locations.pricePerKm', value: travel.pricePerKm, unit: 'czk' });
  out.push({ name: 'locations.accommodationKm', value: travel.accommodationKm, unit: 'km' });
  out.push({ name: 'locations.accommodationMaxCzk', value: travel.accommodationMaxCzk, unit: 'czk' });
  return out;
}

/** "14900" → "14[ \u00a0]?900", so "14 900", "14 900" and "14900" all match. */
function numberPattern(n: number): string {
  const digits = String(n);
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join('[ \\u00a0.]?');
}

function typedPattern(f: Fact): RegExp {
  const n = numberPattern(f.value);
  // The value itself before its unit, or as the lower end of a range whose upper end is a (sentinel) number.
  return new RegExp(`(?<![\\d\\p{L}§,.])${n}(?:${SP}${UNIT[f.unit]}|${SP}(?:až|–|-|a)${SP}\\d+${SP}${UNIT[f.unit]})(?!\\p{L})`, 'u');
}

/** Every setting replaced by a sentinel no copy would type. */
function sentinels(): { terms: Terms; pricing: RawPricing; travel: RawTravel } {
  let next = 901;
  const s = () => next++;
  const real = getTerms();
  const terms = Object.fromEntries(Object.entries(real).map(([k, v]) => [k, typeof v === 'number' ? s() : v])) as Terms;
  terms.storno = real.storno.map((t) => ({ minDaysBefore: t.minDaysBefore === 0 ? 0 : s(), percent: s() }));
  const pr = rawPricing();
  const pricing: RawPricing = {
    packages: pr.packages.map((p) => ({ ...p, price: s() * 1000, hours: s(), deliveryWeeks: s() })),
    addons: pr.addons.map((a) => ({ ...a, price: s() * 1000 })),
  };
  const tr = rawTravel();
  const travel: RawTravel = { ...tr, freeKm: s(), pricePerKm: s(), accommodationKm: s(), accommodationMaxCzk: s() * 1000 };
  return { terms, pricing, travel };
}

/**
 * Figures that are not settings but happen to equal one, each with the reason (a sentence about something else).
 * Anything added here must be a figure no settings file holds.
 */
const NOT_SETTINGS: { file: string; text: string; why: string }[] = [
  { file: 'content/services.json', text: 'slevu 20 %', why: 'the returning couples’ discount is not a booking term or a listed price' },
  { file: 'content/pages/darkovy-poukaz.md', text: '3 900 Kč', why: 'the anniversary-shoot voucher is sold only as a voucher, not on the price list' },
  { file: 'content/pages/static/ochrana-udaju.md', text: 'zpravidla 3 roky od konce lhůty', why: 'the tax code’s period for assessing tax, not a setting' },
];

function listFiles(dir: string, ext: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return listFiles(full, ext);
    return ext.test(d.name) ? [full] : [];
  });
}

/** Every string value of a JSON file (keys and numbers are data, not copy). */
function jsonStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(jsonStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(jsonStrings);
  return [];
}

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[\s;{}(),])\/\/.*$/gm, '$1');
}

function findTyped(all: Fact[], where: string, text: string, opts: { code?: boolean } = {}): string[] {
  const found: string[] = [];
  let rest = text.replace(/\u00a0/g, ' ');
  for (const allowed of NOT_SETTINGS) if (allowed.file === where) rest = rest.split(allowed.text).join(' ');
  for (const f of all) {
    // In code a percentage glued to its number is CSS ("50%"); Czech copy always spaces it („30 %“).
    if (opts.code && f.unit === 'percent') {
      const spaced = new RegExp(typedPattern(f).source.replace(`[\\s\\u00a0]*${UNIT.percent}`, `[\\s\\u00a0]+${UNIT.percent}`), 'u');
      const m = spaced.exec(rest);
      if (m) found.push(`${where}: „${m[0]}“ repeats ${f.name} (${f.value}) – use its placeholder`);
      continue;
    }
    const m = typedPattern(f).exec(rest);
    if (m) found.push(`${where}: „${m[0]}“ repeats ${f.name} (${f.value}) – use its placeholder … ${rest.slice(Math.max(0, m.index - 40), m.index + m[0].length + 20).replace(/\s+/g, ' ')} …`);
  }
  return found;
}

describe('no term or price is typed into copy', () => {
  const all = facts(getTerms(), rawPricing(), rawTravel());
  const s = sentinels();
  const values = { ...sitePlaceholders(), ...termPlaceholders(s.terms), ...priceFactPlaceholders(s.pricing, s.travel, s.terms) };
  const render = (source: string) =>
    [true, false].map((googleAnalytics) => fillPlaceholders(source, values, { googleAnalytics })).join('\n');

  it('the pattern finds typed figures and lets placeholders through', () => {
    const hold = all.find((f) => f.name === 'terms.holdDays');
    const price = all.find((f) => f.name === 'pricing.obrad.price');
    if (!hold || !price) throw new Error('facts missing');
    expect(findTyped([hold], 'x', `na ${hold.value} dní`)).toHaveLength(1);
    expect(findTyped([hold], 'x', `do ${hold.value}\u00a0dnů`)).toHaveLength(1);
    expect(findTyped([hold], 'x', `${hold.value}denní lhůta`)).toHaveLength(1);
    expect(findTyped([price], 'x', `od ${price.value.toLocaleString('cs-CZ')} Kč`)).toHaveLength(1);
    const weeks = all.find((f) => f.name === 'pricing.obrad.deliveryWeeks');
    if (!weeks) throw new Error('facts missing');
    expect(findTyped([weeks], 'x', `do ${weeks.value} až 905 týdnů`)).toHaveLength(1);
    expect(findTyped([hold], 'x', render('na {{holdDays}} podržím'))).toEqual([]);
    expect(findTyped([hold], 'x', `§ ${hold.value}29 odst. 1`)).toEqual([]);
  });

  it('in content files (pages, texts, FAQ, price list, locations)', () => {
    const problems: string[] = [];
    for (const file of listFiles(path.join(root, 'content'), /\.(json|md)$/)) {
      const rel = path.relative(root, file);
      if (rel === 'content/terms.json' || rel.startsWith('content/blog/')) continue;
      const raw = fs.readFileSync(file, 'utf8');
      const copy = rel.endsWith('.json') ? jsonStrings(JSON.parse(raw)).join('\n') : raw;
      problems.push(...findTyped(all, rel, render(copy)));
    }
    expect(problems).toEqual([]);
  });

  it('in source code that renders copy (pages, components, e-mails)', () => {
    const problems: string[] = [];
    for (const file of listFiles(path.join(root, 'src'), /\.(ts|tsx)$/)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      const rel = path.relative(root, file);
      problems.push(...findTyped(all, rel, stripComments(fs.readFileSync(file, 'utf8')), { code: true }));
    }
    expect(problems).toEqual([]);
  });
});
