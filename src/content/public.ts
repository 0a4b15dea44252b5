/**
 * The content domain's isomorphic public module (browser and server): pure functions other domains, src/ui and
 * the browser may use.
 */
export { failsSlugCheck, isValidPageSlug } from './pages/page-slug';
export { czechCount, czechForm, DAYS, DAYS_GEN, HOURS, MONTHS, MONTHS_GEN, PHOTOS, PHOTOS_GEN, WEEKS, WEEKS_GEN, YEARS, YEARS_GEN, type CzechNoun } from './plural';
