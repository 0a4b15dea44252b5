/** The content domain's client-safe public module (pure functions other layers and the browser may use). */
export { failsSlugCheck, isValidPageSlug } from './pages/page-slug';
