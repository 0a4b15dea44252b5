import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, SEARCH_SEPARATOR, foldForSearch } from './search-fold';

// The database side is checked against foldForSearch character by character in
// src/bookings/repositories/list.test.ts (PGlite and PostgreSQL).
describe('search fold', () => {
  it('lower-cases and removes Czech, Slovak, German, Polish and Hungarian diacritics', () => {
    expect(foldForSearch('Žaneta Říhová')).toBe('zaneta rihova');
    expect(foldForSearch('PŘÍLIŠ ŽLUŤOUČKÝ KŮŇ ÚPĚL ĎÁBELSKÉ ÓDY')).toBe('prilis zlutoucky kun upel dabelske ody');
    expect(foldForSearch('Ľubomír Ĺ Ŕ Ô Ä')).toBe('lubomir l r o a');
    expect(foldForSearch('Müller Łódź Gdańsk Żółć Ős Ű')).toBe('muller lodz gdansk zolc os u');
    expect(foldForSearch('Loučeň')).toBe('loucen');
  });

  it('folds decomposed letters like composed ones', () => {
    const nfd = 'Žaneta Říhová Loučeň Łódź Ő'.normalize('NFD');
    expect(nfd).not.toBe(nfd.normalize('NFC'));
    expect(foldForSearch(nfd)).toBe(foldForSearch(nfd.normalize('NFC')));
  });

  it('keeps digits, punctuation, LIKE wildcards and letters it does not cover', () => {
    expect(foldForSearch('SV-2025-00A7 50% olga_ a\\b user@Example.CZ')).toBe('sv-2025-00a7 50% olga_ a\\b user@example.cz');
    expect(foldForSearch('Straße')).toBe('straße');
  });

  it('has one target for every letter it folds, each letter once, and only ASCII targets', () => {
    const letters = FOLD_FROM.slice(0, FOLD_TO.length);
    expect(new Set(FOLD_FROM).size).toBe(FOLD_FROM.length);
    expect(FOLD_TO).toMatch(/^[a-z]+$/);
    for (const c of FOLD_FROM.slice(FOLD_TO.length)) expect(c.normalize('NFC'), 'only combining marks are deleted').toMatch(/^\p{M}$/u);
    for (const c of letters) expect(c).toMatch(/^\p{L}$/u);
    expect(FOLD_FROM.includes(SEARCH_SEPARATOR)).toBe(false);
  });

  it('is spelled out in migration 0022 exactly as here', () => {
    const file = fs.readFileSync(path.join(process.cwd(), 'src/db/migrations/0022_bookings_search_fold.sql'), 'utf8');
    const letters = FOLD_FROM.slice(0, FOLD_TO.length);
    const marks = Array.from(FOLD_FROM.slice(FOLD_TO.length), (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`).join('');
    expect(file).toContain(`'${letters}'\n      || E'${marks}',\n    '${FOLD_TO}'`);
    expect(file).toContain(`E'\\x${SEARCH_SEPARATOR.charCodeAt(0).toString(16)}'`);
  });
});
