// @ts-check
/**
 * How long a public page's HTML may be (uncompressed, as the server sends it): 60 KB, a wedding page with its
 * first photos 90 KB (docs/decisions/096-lighter-document.md). The render cache inlines a page's critical CSS
 * only while the page stays within its limit (docs/decisions/101-critical-css-inline.md); the document-size
 * e2e test holds every public page to the same figures.
 */
export const PAGE_HTML_LIMIT = 60 * 1024;
export const WEDDING_HTML_LIMIT = 90 * 1024;

/**
 * @param {string} pagePath a request path or the page path of a render-cache key (`/index` for `/`)
 * @returns {number}
 */
export function htmlLimitFor(pagePath) {
  return /^\/weddings\/[^/]+\/?$/.test(pagePath) ? WEDDING_HTML_LIMIT : PAGE_HTML_LIMIT;
}
