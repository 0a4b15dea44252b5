import 'server-only';
/**
 * The site layer's public module for server code. src/site sits below every domain: it holds the facts all of them
 * read — the photographer's identity, the booking terms, the price list, locations, FAQ and testimonials, the
 * content files they default from, and the Czech text rules (placeholders, non-breaking spaces). It imports no
 * domain and no ui (lint enforces it: eslint.config.mjs, docs/decisions/070-site-layer.md).
 */
export { contentDir, readContentJson } from './files';
export { getSiteInfo, siteSchema, siteSender, vatLabel, ibanToCzechAccount, type SiteInfo } from './identity';
export {
  getTerms,
  stornoLines,
  stornoSentence,
  stornoTierLabel,
  termPlaceholders,
  termsEnvProblems,
  termsSchema,
  type StornoTier,
  type Terms,
} from './terms';
export { contentPlaceholders, contentSwitches, fillPlaceholders, sitePlaceholders } from './text-placeholders';
export { czechNbsp, href, linkSchema, metaSchema, slugId, text, type Link, type PageMeta } from './text';
export {
  addonSchema,
  blockIdSchema,
  depositFor,
  formatCzk,
  getPackage,
  getPricing,
  lowestPrice,
  packageSchema,
  pricingSchema,
  type BlockId,
  type Pricing,
  type PricingAddon,
  type PricingPackage,
} from './pricing';
export { getLocations, locationsSchema, travelCost, travelRuleSchema, type LocationsContent, type TravelRule } from './locations';
export { allFaqQuestions, faqQuestionSchema, faqSchema, getFaq, type Faq, type FaqQuestion } from './faq';
export { contentImageSchema, getHomeContent, homeSchema, shippedHomeImages, sitePhotoIds, type ContentImage, type HomeContent } from './home';
export { getTestimonials, testimonialSchema, testimonialsFileSchema, type Testimonial } from './testimonials';
export {
  effectiveSettings,
  sampleKeysLive,
  sampleValuesLive,
  sampleTestimonialsLive,
  importSettings,
  patchSettings,
  SettingsError,
  type SettingsIssue,
  type SiteSettingsDoc,
} from './settings.server';
export { guideProgress, markGuide, type GuideProgress } from './guide.server';
export { czechAccountToIban } from './bank';
export { reloadSiteSettings, siteStartupSteps } from './startup.server';
export { stornoTierSchema } from './terms';
export { overridesVersion as settingsVersion } from './overrides';
