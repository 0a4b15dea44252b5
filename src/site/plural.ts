/**
 * Czech plural declension for a number from settings: 1 → "den", 2–4 → "dny", 5+ (and 0) → "dní".
 * Intl.PluralRules('cs') gives exactly these categories for whole numbers ("one", "few", "other").
 * A noun is given per grammatical case the sentence needs, e.g. "na 14 dní" (accusative) vs. "do 14 dnů"
 * (genitive), so every template picks the form that fits its preposition.
 */
export interface CzechNoun {
  one: string;
  few: string;
  other: string;
}

const rules = new Intl.PluralRules('cs');

export function czechForm(n: number, noun: CzechNoun): string {
  const category = rules.select(n);
  return category === 'one' ? noun.one : category === 'few' ? noun.few : noun.other;
}

/** "14 dní" with a non-breaking space between the number and the noun (Czech typography). */
export function czechCount(n: number, noun: CzechNoun): string {
  return `${n}\u00a0${czechForm(n, noun)}`;
}

/** Nominative/accusative ("na 14 dní", "3 měsíce platí", "je to 1 den"). */
export const DAYS: CzechNoun = { one: 'den', few: 'dny', other: 'dní' };
/** Genitive ("do 14 dnů", "do 1 dne"). */
export const DAYS_GEN: CzechNoun = { one: 'dne', few: 'dnů', other: 'dnů' };
export const WEEKS: CzechNoun = { one: 'týden', few: 'týdny', other: 'týdnů' };
export const WEEKS_GEN: CzechNoun = { one: 'týdne', few: 'týdnů', other: 'týdnů' };
export const MONTHS: CzechNoun = { one: 'měsíc', few: 'měsíce', other: 'měsíců' };
export const MONTHS_GEN: CzechNoun = { one: 'měsíce', few: 'měsíců', other: 'měsíců' };
export const YEARS: CzechNoun = { one: 'rok', few: 'roky', other: 'let' };
export const YEARS_GEN: CzechNoun = { one: 'roku', few: 'let', other: 'let' };
/** Accusative ("má jen 1 stránku / 3 stránky / 5 stránek"). */
export const PAGES: CzechNoun = { one: 'stránku', few: 'stránky', other: 'stránek' };
/** "3 hodiny focení", "13 hodin". */
export const HOURS: CzechNoun = { one: 'hodina', few: 'hodiny', other: 'hodin' };
/** Instrumental ("s 1 fotografií / 3 fotografiemi") and genitive ("u 5 fotografií"). */
export const PHOTOS: CzechNoun = { one: 'fotografie', few: 'fotografie', other: 'fotografií' };
/** Accusative ("smazat 1 fotografii / 3 fotografie / 5 fotografií"). */
export const PHOTOS_ACC: CzechNoun = { one: 'fotografii', few: 'fotografie', other: 'fotografií' };
export const PHOTOS_GEN: CzechNoun = { one: 'fotografie', few: 'fotografií', other: 'fotografií' };
/** "1 poptávka", "3 poptávky", "5 poptávek". */
export const INQUIRIES: CzechNoun = { one: 'poptávka', few: 'poptávky', other: 'poptávek' };
