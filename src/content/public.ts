/**
 * The content domain's isomorphic public module (browser and server): pure functions other domains, src/ui and
 * the browser may use. (The Czech plural forms and the page-slug rule live in the site layer: @/site/public.)
 */
// The site's lightbox, shared with the couple's client galleries (a client component; its props are plain data).
export { Lightbox, type LightboxItem } from './ui/lightbox/lightbox';
export type { PhotoImgProps } from './ui/gallery/photo-props';
