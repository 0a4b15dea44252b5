/**
 * The site layer's isomorphic public module (browser and server): pure rules every domain, src/ui and the browser
 * may use — Czech plural forms, the IČO check, the page-slug rule. Everything else in src/site is internal (lint
 * enforces it: eslint.config.mjs, docs/decisions/070-site-layer.md).
 */
export { czechCount, czechForm, DAYS, DAYS_GEN, HOURS, INQUIRIES, MONTHS, MONTHS_GEN, PAGES, PHOTOS, PHOTOS_ACC, PHOTOS_GEN, WEEKS, WEEKS_GEN, YEARS, YEARS_GEN, type CzechNoun } from './plural';
export { isValidIco } from './ico';
export { failsSlugCheck, isValidPageSlug } from './page-slug';
export { czechAccountToIban, CZECH_ACCOUNT } from './bank';
