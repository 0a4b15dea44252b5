/**
 * The admin list's search ignores case and diacritics: the stored column `inquiries.search_text` (migration 0022,
 * generated) and the typed term are folded the same way — lower-cased, then every letter of FOLD_FROM replaced by
 * the letter at the same place in FOLD_TO, and the combining marks after FOLD_TO's length deleted (text typed in
 * decomposed form). SQL: `translate(lower(…), FOLD_FROM, FOLD_TO)`, both IMMUTABLE (`unaccent` is not, and is not
 * available alike on PGlite and PostgreSQL). The migration spells both strings out; the integration test
 * src/bookings/repositories/list.test.ts checks the column against foldForSearch character by character.
 *
 * Covered: Czech and Slovak completely, German, Polish and Hungarian letters, the common French/Spanish ones.
 * Not covered (kept as typed): letters that fold to two (ß, æ, œ) — translate maps one character to one.
 */

// Lower case first, then upper case (lower() already folds those in a UTF-8 database; kept so the fold never
// depends on the database's locale for these letters).
const PAIRS: readonly (readonly [string, string])[] = [
  ['áàâäãåą', 'a'],
  ['čćç', 'c'],
  ['ďđ', 'd'],
  ['éěèêëę', 'e'],
  ['íìîï', 'i'],
  ['ĺľł', 'l'],
  ['ňńñ', 'n'],
  ['óòôöõőø', 'o'],
  ['ŕř', 'r'],
  ['šś', 's'],
  ['ť', 't'],
  ['úůùûüű', 'u'],
  ['ýÿ', 'y'],
  ['žźż', 'z'],
];

/** Combining marks (acute, grave, circumflex, tilde, diaeresis, dot above, ring, double acute, caron, cedilla, ogonek): deleted. */
const COMBINING = '\u0300\u0301\u0302\u0303\u0307\u0308\u030A\u030B\u030C\u0327\u0328';

const lower = PAIRS.flatMap(([from, to]) => Array.from(from, (c) => [c, to] as const));
const upper = lower.map(([c, to]) => [c.toUpperCase(), to] as const).filter(([c]) => !lower.some(([l]) => l === c));

export const FOLD_FROM = [...lower, ...upper].map(([c]) => c).join('') + COMBINING;
export const FOLD_TO = [...lower, ...upper].map(([, to]) => to).join('');

/** Between the columns in `search_text`: a control character no name, e-mail or place contains. */
export const SEARCH_SEPARATOR = '\u001f';

const FOLD = new Map<string, string>(Array.from(FOLD_FROM, (c, i) => [c, FOLD_TO[i] ?? '']));

/** The same fold as the database's `translate(lower(s), FOLD_FROM, FOLD_TO)`. */
export function foldForSearch(s: string): string {
  let out = '';
  for (const c of s.toLowerCase()) out += FOLD.get(c) ?? c;
  return out;
}
