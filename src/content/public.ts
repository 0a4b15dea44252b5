/**
 * The content domain's isomorphic public module (browser and server): pure functions other domains, src/ui and
 * the browser may use. (The Czech plural forms and the page-slug rule live in the site layer: @/site/public.)
 */
export {};
