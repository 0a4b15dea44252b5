import { getSiteInfo, vatLabel } from '@/content/site';
import { termPlaceholders } from '@/content/terms';

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
  return { ...sitePlaceholders(), ...termPlaceholders() };
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

export function fillPlaceholders(source: string, values: Record<string, string> = contentPlaceholders()): string {
  if (!source.includes('{{')) return source;
  return source.replace(PLACEHOLDER, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`Unknown placeholder ${whole} in content`);
    return value;
  });
}
