import { getSiteInfo, vatLabel } from './identity';
import { termPlaceholders } from './terms';
import { priceFactPlaceholders } from './price-facts';
import { getEnv } from '@/platform/env';
import { googleAnalyticsConfigured } from '@/platform/analytics/configured';

/**
 * `{{name}}`, `{{ico}}`, `{{holdDays}}`, … in content files (Markdown pages and the visible texts of content JSON)
 * are filled from content/site.json and content/terms.json, so the photographer's details and the booking terms
 * are written once. An unknown placeholder is an error, so a typo fails the build instead of reaching a visitor.
 */
export function sitePlaceholders(): Record<string, string> {
  const p = getSiteInfo().photographer;
  return {
    name: p.name,
    brand: p.brand,
    ico: p.ico,
    vat: vatLabel(p),
    email: p.email,
    phone: p.phone,
    address: `${p.street}, ${p.postalCode} ${p.city}`,
    city: p.city,
    tradeOffice: p.tradeLicenceOffice,
  };
}

export function contentPlaceholders(): Record<string, string> {
  return { ...sitePlaceholders(), ...termPlaceholders(), ...priceFactPlaceholders() };
}

/**
 * Switches for `{{#name}}…{{/name}}` (shown when on) and `{{^name}}…{{/name}}` (shown when off) sections, so a text
 * can say exactly what the running configuration does: `googleAnalytics` is on when ANALYTICS_MEASUREMENT_ID or
 * ANALYTICS_CONFIG_URL is set.
 */
export function contentSwitches(): Record<string, boolean> {
  const env = getEnv();
  return { googleAnalytics: googleAnalyticsConfigured(env) };
}

const SECTION = /\{\{([#^])([a-zA-Z]+)\}\}([\s\S]*?)\{\{\/\2\}\}/g;
// `{{holdDays}}`, and keyed facts such as `{{price.cely-den}}` or `{{travelCost.mikulov}}`.
const PLACEHOLDER = /\{\{\s*([a-zA-Z]+(?:\.[a-z0-9-]+)?)\s*\}\}/g;

export function fillPlaceholders(
  source: string,
  values: Record<string, string> = contentPlaceholders(),
  switches: Record<string, boolean> = source.includes('{{#') || source.includes('{{^') ? contentSwitches() : {},
): string {
  if (!source.includes('{{')) return source;
  const sectioned = source.replace(SECTION, (whole, kind: string, key: string, body: string) => {
    const on = switches[key];
    if (on === undefined) throw new Error(`Unknown section ${whole.slice(0, 40)} in content`);
    return (kind === '#') === on ? body : '';
  });
  return sectioned.replace(PLACEHOLDER, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`Unknown placeholder ${whole} in content`);
    return value;
  });
}
