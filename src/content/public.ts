/**
 * The content domain's isomorphic public module (browser and server): what other domains and src/ui may use.
 */
export { czechCount, czechForm, DAYS, DAYS_GEN, MONTHS, MONTHS_GEN, WEEKS, WEEKS_GEN, YEARS, YEARS_GEN, type CzechNoun } from './plural';
