/**
 * The content domain's isomorphic public module (browser and server): pure functions other domains, src/ui and
 * the browser may use.
 */
export { failsSlugCheck, isValidPageSlug } from './pages/page-slug';
export { czechCount, czechForm, DAYS, DAYS_GEN, MONTHS, MONTHS_GEN, WEEKS, WEEKS_GEN, YEARS, YEARS_GEN, type CzechNoun } from './plural';
// The site's lightbox, shared with the couple's client galleries (a client component; its props are plain data).
export { Lightbox, type LightboxItem } from './ui/lightbox/lightbox';
export type { PhotoImgProps } from './ui/gallery/photo-props';
