import { z } from 'zod';
import { readContentJson } from './files';
import type { Env } from '@/platform/env';
import { czechCount, DAYS, DAYS_GEN, MONTHS, MONTHS_GEN, WEEKS, WEEKS_GEN, YEARS } from './plural';

/**
 * The booking terms (content/terms.json): the one place that says how long a date is held, how big the deposit is
 * and when it is due, how soon photos are delivered, what a cancellation costs and how long personal data is kept.
 * The price list, the FAQ, /rezervace, the terms page, the privacy notice and the e-mails all render these numbers
 * (Markdown and content JSON through `{{placeholders}}`), and the booking system takes its hold length and
 * retention from here too, so a sentence and the behaviour can never disagree (see docs/decisions/022-*.md).
 */
const days = z.number().int().min(1).max(365);

export const stornoTierSchema = z.object({
  /** The tier applies when the cancellation arrives at least this many days before the wedding. */
  minDaysBefore: z.number().int().min(0).max(1000),
  /** Storno fee as a percentage of the package price. */
  percent: z.number().int().min(0).max(100),
});
export type StornoTier = z.infer<typeof stornoTierSchema>;

export const termsSchema = z
  .object({
    holdDays: days,
    depositPercent: z.number().int().min(1).max(100),
    depositDueDays: days,
    balanceDueDaysAfterWedding: days,
    /** Money owed back (a deposit after a storno fee, a withdrawal) is paid within this many days. */
    refundDays: z.number().int().min(1).max(14),
    /** The statutory withdrawal period for contracts made at a distance or off premises (§ 1829 OZ): at least 14. */
    withdrawalDays: z.number().int().min(14).max(60),
    previewDays: days,
    deliveryWeeks: z.number().int().min(1).max(26),
    expressDeliveryDays: days,
    /** Portraits rained off on the day may be re-shot within this many months, free of charge. */
    rainReshootMonths: z.number().int().min(1).max(24),
    galleryMonths: z.number().int().min(1).max(120),
    archiveYears: z.number().int().min(1).max(20),
    /** A complaint is settled within this many days (§ 19 zákona o ochraně spotřebitele: at most 30). */
    complaintResolutionDays: z.number().int().min(1).max(30),
    /** Photo books and prints are goods: the consumer's rights for defects last at least 24 months (§ 2165 OZ). */
    goodsWarrantyMonths: z.number().int().min(24).max(120),
    voucherValidityMonths: z.number().int().min(1).max(60),
    /** A voucher's validity may be extended once by this many months on request. */
    voucherExtensionMonths: z.number().int().min(1).max(24),
    storno: z.array(stornoTierSchema).min(1),
    inquiryRetentionMonths: z.number().int().min(1).max(120),
    accountRetentionMonths: z.number().int().min(1).max(120),
    /** Bookings (confirmed, done) are kept this long after the wedding (limitation period), then anonymised. */
    contractRetentionYears: z.number().int().min(1).max(15),
    analyticsCookieMonths: z.number().int().min(1).max(25),
    /** How long the browser keeps the visitor's cookie choice (`cc_cookie`). */
    consentCookieMonths: z.number().int().min(1).max(13),
  })
  .superRefine((t, ctx) => {
    if (t.depositDueDays > t.holdDays) {
      ctx.addIssue({ code: 'custom', path: ['depositDueDays'], message: 'the deposit must fall due before the hold ends (depositDueDays ≤ holdDays)' });
    }
    if (t.expressDeliveryDays >= t.deliveryWeeks * 7) {
      ctx.addIssue({ code: 'custom', path: ['expressDeliveryDays'], message: 'express delivery must be faster than the usual delivery' });
    }
    t.storno.forEach((tier, i) => {
      const prev = t.storno[i - 1];
      if (prev && tier.minDaysBefore >= prev.minDaysBefore) {
        ctx.addIssue({ code: 'custom', path: ['storno', i, 'minDaysBefore'], message: 'tiers must be ordered from the earliest cancellation (largest minDaysBefore) down' });
      }
      if (prev && tier.percent < prev.percent) {
        ctx.addIssue({ code: 'custom', path: ['storno', i, 'percent'], message: 'a later cancellation may not cost less than an earlier one' });
      }
    });
    if (t.storno[t.storno.length - 1]?.minDaysBefore !== 0) {
      ctx.addIssue({ code: 'custom', path: ['storno'], message: 'the last tier must start at minDaysBefore 0 so every cancellation has a fee' });
    }
  });
export type Terms = z.infer<typeof termsSchema>;

export function getTerms(): Terms {
  return readContentJson('terms.json', termsSchema);
}

/** "181 dní a více před svatbou", "91–180 dní před svatbou", "30 dní a méně před svatbou". */
export function stornoTierLabel(terms: Terms, index: number): string {
  const tier = terms.storno[index];
  if (!tier) throw new Error(`No storno tier ${index}`);
  const prev = terms.storno[index - 1];
  const upper = prev ? prev.minDaysBefore - 1 : undefined;
  if (upper === undefined) return `${czechCount(tier.minDaysBefore, DAYS)} a\u00a0více před svatbou`;
  if (tier.minDaysBefore === 0) return `${czechCount(upper, DAYS)} a\u00a0méně před svatbou`;
  if (upper === tier.minDaysBefore) return `${czechCount(upper, DAYS)} před svatbou`;
  return `${tier.minDaysBefore}–${czechCount(upper, DAYS)} před svatbou`;
}

export function stornoLines(terms: Terms = getTerms()): { label: string; percent: number }[] {
  return terms.storno.map((tier, i) => ({ label: stornoTierLabel(terms, i), percent: tier.percent }));
}

/** One sentence for FAQ answers and e-mails. */
export function stornoSentence(terms: Terms = getTerms()): string {
  return `${stornoLines(terms)
    .map((l) => `${l.label} – ${l.percent}\u00a0%`)
    .join(', ')} z\u00a0ceny balíčku`;
}

/**
 * Ready phrases for `{{placeholders}}` in content files, declined for the number they carry. The suffix says the
 * case: `holdDays` → "14 dní" (na 14 dní), `holdDaysGen` → "14 dnů" (do 14 dnů).
 */
export function termPlaceholders(terms: Terms = getTerms()): Record<string, string> {
  return {
    holdDays: czechCount(terms.holdDays, DAYS),
    holdDaysGen: czechCount(terms.holdDays, DAYS_GEN),
    depositPercent: `${terms.depositPercent}\u00a0%`,
    depositDueDays: czechCount(terms.depositDueDays, DAYS),
    depositDueDaysGen: czechCount(terms.depositDueDays, DAYS_GEN),
    balanceDueDays: czechCount(terms.balanceDueDaysAfterWedding, DAYS),
    balanceDueDaysGen: czechCount(terms.balanceDueDaysAfterWedding, DAYS_GEN),
    previewDaysGen: czechCount(terms.previewDays, DAYS_GEN),
    deliveryWeeks: czechCount(terms.deliveryWeeks, WEEKS),
    deliveryWeeksGen: czechCount(terms.deliveryWeeks, WEEKS_GEN),
    expressDeliveryDaysGen: czechCount(terms.expressDeliveryDays, DAYS_GEN),
    refundDaysGen: czechCount(terms.refundDays, DAYS_GEN),
    withdrawalDays: czechCount(terms.withdrawalDays, DAYS),
    withdrawalDaysGen: czechCount(terms.withdrawalDays, DAYS_GEN),
    rainReshootMonthsGen: czechCount(terms.rainReshootMonths, MONTHS_GEN),
    complaintResolutionDaysGen: czechCount(terms.complaintResolutionDays, DAYS_GEN),
    goodsWarrantyMonthsGen: czechCount(terms.goodsWarrantyMonths, MONTHS_GEN),
    voucherValidityMonths: czechCount(terms.voucherValidityMonths, MONTHS),
    voucherValidityMonthsGen: czechCount(terms.voucherValidityMonths, MONTHS_GEN),
    voucherExtensionMonths: czechCount(terms.voucherExtensionMonths, MONTHS),
    consentCookieMonths: czechCount(terms.consentCookieMonths, MONTHS),
    galleryMonths: czechCount(terms.galleryMonths, MONTHS),
    archiveYears: czechCount(terms.archiveYears, YEARS),
    inquiryRetentionMonths: czechCount(terms.inquiryRetentionMonths, MONTHS),
    accountRetentionMonths: czechCount(terms.accountRetentionMonths, MONTHS),
    contractRetentionYears: czechCount(terms.contractRetentionYears, YEARS),
    analyticsCookieMonths: czechCount(terms.analyticsCookieMonths, MONTHS),
    stornoSentence: stornoSentence(terms),
    stornoList: stornoLines(terms)
      .map((l) => `- ${l.label}: **${l.percent}\u00a0%** z\u00a0ceny balíčku`)
      .join('\n'),
  };
}


/**
 * HOLD_DAYS and RETENTION_MONTHS are derived from content/terms.json. They are still accepted in the environment
 * (older deployments set them), but only with the value the terms say; anything else is a configuration error,
 * because the site would promise one number and do another.
 */
export function termsEnvProblems(env: Pick<Env, 'HOLD_DAYS' | 'RETENTION_MONTHS'>, terms: Terms = getTerms()): string[] {
  const problems: string[] = [];
  if (env.HOLD_DAYS !== undefined && env.HOLD_DAYS !== terms.holdDays) {
    problems.push(
      `HOLD_DAYS=${env.HOLD_DAYS} nesouhlasí s content/terms.json (holdDays ${terms.holdDays}); délku podržení termínu změňte v content/terms.json a HOLD_DAYS smažte`,
    );
  }
  if (env.RETENTION_MONTHS !== undefined && env.RETENTION_MONTHS !== terms.inquiryRetentionMonths) {
    problems.push(
      `RETENTION_MONTHS=${env.RETENTION_MONTHS} nesouhlasí s content/terms.json (inquiryRetentionMonths ${terms.inquiryRetentionMonths}); dobu uchování změňte v content/terms.json a RETENTION_MONTHS smažte`,
    );
  }
  return problems;
}
