import { z } from 'zod';
import { isValidIsoDate, addDays, localToday } from '@/platform/dates';
import { LIMITS, SOURCE_OPTIONS } from './input-fields';

export { FIELD_LABELS, LIMITS, SOURCE_OPTIONS } from './input-fields';

/*
 * The one inquiry schema shared by the JSON API and the server actions of every form.
 * Form values arrive as strings ('' for empty, 'on' for a ticked box); JSON values arrive typed.
 * Both are normalised here, and every message is Czech and per field.
 */

/** Control characters other than tab and newlines never belong in a form field. */
function hasControlChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true;
  }
  return false;
}

/** Inquiries are plain text; anything that looks like an HTML tag is refused (it is never a name or a venue). */
const MARKUP = /<\s*\/?\s*[a-z!?][^>]*>/i;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

function requiredText(max: number, missing: string, tooLong = `Text je příliš dlouhý (nejvýše ${max} znaků).`) {
  return z.preprocess(
    trimmed,
    z
      .string({ error: missing })
      .min(1, { error: missing })
      .max(max, { error: tooLong })
      .refine((s) => !hasControlChars(s), { error: 'Text obsahuje nepovolené znaky.' })
      .refine((s) => !MARKUP.test(s), { error: 'Text nesmí obsahovat HTML značky.' }),
  );
}

function optionalText(max: number, tooLong = `Text je příliš dlouhý (nejvýše ${max} znaků).`) {
  return z.preprocess(
    (v) => emptyToUndefined(trimmed(v)) ?? undefined,
    z
      .string({ error: 'Neplatná hodnota.' })
      .max(max, { error: tooLong })
      .refine((s) => !hasControlChars(s), { error: 'Text obsahuje nepovolené znaky.' })
      .refine((s) => !MARKUP.test(s), { error: 'Text nesmí obsahovat HTML značky.' })
      .optional(),
  );
}

function optionalInt(min: number, max: number, message: string) {
  return z.preprocess(
    (v) => {
      const e = emptyToUndefined(trimmed(v));
      if (typeof e === 'string' && /^\d{1,6}$/.test(e)) return Number(e);
      return e;
    },
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).optional(),
  );
}

const checkbox = (v: unknown) => (v === 'on' || v === 'true' || v === true ? true : v === undefined || v === '' || v === 'false' || v === false ? false : v);

const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .string({ error: 'Vyplňte prosím e-mail.' })
    .min(1, { error: 'Vyplňte prosím e-mail.' })
    .max(LIMITS.email, { error: 'E-mail je příliš dlouhý.' })
    .pipe(z.email({ error: 'Zadejte prosím platný e-mail, například jana@example.cz.' })),
);

const phone = (required: boolean) => {
  const base = z
    .string({ error: 'Vyplňte prosím telefon.' })
    .max(LIMITS.phone, { error: 'Telefon je příliš dlouhý.' })
    .regex(/^\+?[0-9 ()-]{9,}$/, { error: 'Zadejte prosím telefon, například +420 777 123 456.' });
  return z.preprocess((v) => emptyToUndefined(trimmed(v)), required ? base : base.optional());
};

export interface SchemaOptions {
  /** Today's date (Prague), for rejecting past dates. */
  today?: string;
  /** Valid package ids from the price list; when empty any short id is accepted. */
  packageIds?: readonly string[];
}

function weddingDate(opts: SchemaOptions, required: boolean) {
  const base = z
    .string({ error: 'Vyplňte prosím datum svatby.' })
    .refine((s) => isValidIsoDate(s), { error: 'Zadejte prosím platné datum, např. 12. 6. 2027.' })
    .refine((s) => !isValidIsoDate(s) || s >= (opts.today ?? localToday()), { error: 'Datum svatby nesmí být v minulosti.' })
    .refine((s) => !isValidIsoDate(s) || s <= addDays(opts.today ?? localToday(), 365 * 5), {
      error: 'Tak daleko dopředu zatím termíny nepřijímám (nejvýše 5 let).',
    });
  return z.preprocess((v) => emptyToUndefined(trimmed(v)), required ? base : base.optional());
}

/**
 * Older clients of POST /api/inquiries send `consent`; it is still accepted (a boolean or a form checkbox value) but
 * no longer required: the forms show a privacy notice instead, because an inquiry is processed to take steps before
 * a contract (čl. 6 odst. 1 písm. b) GDPR) and a compulsory consent would not be freely given.
 */
const consent = z.preprocess(checkbox, z.boolean({ error: 'Neplatná hodnota.' })).optional();
const marketingConsent = z.preprocess(checkbox, z.boolean({ error: 'Neplatná hodnota.' })).default(false);

function packageId(opts: SchemaOptions) {
  return z.preprocess(
    (v) => emptyToUndefined(trimmed(v)),
    z
      .string({ error: 'Vyberte prosím balíček z nabídky.' })
      .max(LIMITS.packageId, { error: 'Vyberte prosím balíček z nabídky.' })
      .refine((id) => (opts.packageIds?.length ? opts.packageIds.includes(id) : /^[a-z0-9-]+$/.test(id)), {
        error: 'Vyberte prosím balíček z nabídky.',
      })
      .optional(),
  );
}

export function fullInquirySchema(opts: SchemaOptions = {}) {
  return z.object({
    partner1: requiredText(LIMITS.name, 'Vyplňte prosím jméno nevěsty nebo ženicha.', 'Jméno je příliš dlouhé.'),
    partner2: requiredText(LIMITS.name, 'Vyplňte prosím jméno partnera nebo partnerky.', 'Jméno je příliš dlouhé.'),
    email,
    phone: phone(true),
    weddingDate: weddingDate(opts, true),
    venue: optionalText(LIMITS.venue),
    town: optionalText(LIMITS.town),
    ceremonyTime: z.preprocess(
      (v) => emptyToUndefined(trimmed(v)),
      z
        .string({ error: 'Zadejte prosím čas obřadu ve tvaru HH:MM.' })
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Zadejte prosím čas obřadu ve tvaru HH:MM.' })
        .optional(),
    ),
    guestCount: optionalInt(1, 1000, 'Počet hostů musí být celé číslo od 1 do 1000.'),
    packageId: packageId(opts),
    hours: optionalInt(1, 16, 'Počet hodin focení musí být celé číslo od 1 do 16.'),
    message: optionalText(LIMITS.message, `Zpráva je příliš dlouhá (nejvýše ${LIMITS.message} znaků).`),
    source: z.preprocess(
      (v) => emptyToUndefined(trimmed(v)),
      z
        .enum(SOURCE_OPTIONS.map((o) => o.value).filter(Boolean) as [string, ...string[]], {
          error: 'Vyberte prosím jednu z možností.',
        })
        .optional(),
    ),
    consent,
    marketingConsent,
  });
}

/** /simple-booking: names, e-mail, date and a message. */
export function simpleInquirySchema(opts: SchemaOptions = {}) {
  return z.object({
    partner1: requiredText(LIMITS.name, 'Vyplňte prosím jméno nevěsty nebo ženicha.', 'Jméno je příliš dlouhé.'),
    partner2: requiredText(LIMITS.name, 'Vyplňte prosím jméno partnera nebo partnerky.', 'Jméno je příliš dlouhé.'),
    email,
    weddingDate: weddingDate(opts, true),
    message: optionalText(LIMITS.message, `Zpráva je příliš dlouhá (nejvýše ${LIMITS.message} znaků).`),
    consent,
    marketingConsent,
  });
}

/** The contact form on /kontakt: a name, e-mail, an optional date, a required message. */
export function contactSchema(opts: SchemaOptions = {}) {
  return z.object({
    partner1: requiredText(LIMITS.name, 'Vyplňte prosím své jméno.', 'Jméno je příliš dlouhé.'),
    email,
    phone: phone(false),
    weddingDate: weddingDate(opts, false),
    message: requiredText(LIMITS.message, 'Napište prosím, s čím vám mohu pomoci.', `Zpráva je příliš dlouhá (nejvýše ${LIMITS.message} znaků).`),
    consent,
  });
}

export type FullInquiry = z.infer<ReturnType<typeof fullInquirySchema>>;
export type SimpleInquiry = z.infer<ReturnType<typeof simpleInquirySchema>>;
export type ContactMessage = z.infer<ReturnType<typeof contactSchema>>;
export type InquiryKind = 'full' | 'simple' | 'contact';

/** The normalised record every kind of form becomes before storage. */
export interface InquiryInput {
  partner1: string;
  partner2?: string;
  email: string;
  phone?: string;
  weddingDate?: string;
  venue?: string;
  town?: string;
  ceremonyTime?: string;
  guestCount?: number;
  packageId?: string;
  hours?: number;
  message?: string;
  source?: string;
  /** The privacy notice was shown with the form (submitting acknowledges it); stored in `inquiries.consent`. */
  consent: true;
  marketingConsent: boolean;
}

export function schemaFor(kind: InquiryKind, opts: SchemaOptions) {
  return kind === 'full' ? fullInquirySchema(opts) : kind === 'simple' ? simpleInquirySchema(opts) : contactSchema(opts);
}

export type FieldErrorMap = Record<string, string>;

/** Validates any kind of inquiry; the first Czech message per field. */
export function parseInquiry(
  kind: InquiryKind,
  raw: unknown,
  opts: SchemaOptions,
): { ok: true; value: InquiryInput } | { ok: false; fields: FieldErrorMap } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, fields: { _form: 'Údaje poptávky musí být objekt.' } };
  }
  const result = schemaFor(kind, opts).safeParse(raw);
  if (!result.success) {
    const fields: FieldErrorMap = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length ? String(issue.path[0]) : '_form';
      if (!fields[key]) fields[key] = issue.message;
    }
    return { ok: false, fields };
  }
  return { ok: true, value: { ...(result.data as Omit<InquiryInput, 'consent'>), consent: true } };
}
