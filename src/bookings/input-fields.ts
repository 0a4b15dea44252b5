/**
 * The inquiry form's field limits, choices and Czech labels, without the zod schemas of ./input.ts: the form
 * components import these in the browser, and importing ./input.ts there would ship zod (~32 KB gzip) to every
 * visitor of /rezervace. The server still validates every submission with the schemas in ./input.ts.
 */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  venue: 200,
  town: 100,
  message: 5000,
  source: 100,
  packageId: 60,
  idempotencyKey: 100,
} as const;

export const SOURCE_OPTIONS = [
  { value: '', label: 'Vyberte prosím' },
  { value: 'instagram', label: 'Instagram' },
  { value: 'facebook', label: 'Facebook' },
  { value: 'google', label: 'Vyhledávání (Google, Seznam)' },
  { value: 'recommendation', label: 'Doporučení od známých' },
  { value: 'wedding-fair', label: 'Svatební veletrh' },
  { value: 'venue', label: 'Doporučení místa konání' },
  { value: 'other', label: 'Jinak' },
] as const;

/** Czech field labels (error summary, e-mails, CSV). */
export const FIELD_LABELS: Record<string, string> = {
  partner1: 'Jméno nevěsty / ženicha',
  partner2: 'Jméno partnera / partnerky',
  email: 'E-mail',
  phone: 'Telefon',
  weddingDate: 'Datum svatby',
  venue: 'Místo konání',
  town: 'Obec / město',
  ceremonyTime: 'Čas obřadu',
  guestCount: 'Počet hostů',
  packageId: 'Balíček',
  hours: 'Počet hodin focení',
  message: 'Zpráva',
  source: 'Jak jste se o mně dozvěděli',
  consent: 'Zásady ochrany údajů vzaty na vědomí',
  marketingConsent: 'Souhlas se zasíláním novinek',
};
