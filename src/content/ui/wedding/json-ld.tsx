/** Wedding and blog pages use the site's one JSON-LD block (a data block: no nonce or hash needed under the CSP). */
export { JsonLd } from '@/ui/seo/json-ld';
