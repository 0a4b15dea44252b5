import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { contentDir } from './files';
import { getTerms, type Terms } from './terms';
import { czechCount, HOURS, WEEKS_GEN } from './plural';

/**
 * The numbers of the price list (content/pricing.json) and the travel rule (content/locations.json) as
 * `{{placeholders}}`, so no copy repeats a price, a package's hours, its delivery time or a kilometre figure.
 * These files' own texts are filled with the same placeholders, so they are read here raw (numbers only, nothing
 * filled) — reading them through their page schemas would fill placeholders while computing placeholders.
 */
const rawPricingSchema = z.object({
  packages: z.array(z.object({ id: z.string(), name: z.string(), price: z.number(), hours: z.number(), deliveryWeeks: z.number().int() })).min(1),
  addons: z.array(z.object({ id: z.string(), price: z.number() })),
});
const rawLocationsSchema = z.object({
  travel: z.object({
    freeKm: z.number(),
    pricePerKm: z.number(),
    accommodationKm: z.number().int().positive(),
    accommodationMaxCzk: z.number().int().positive(),
    examples: z.array(z.object({ place: z.string(), km: z.number() })),
  }),
});
export type RawPricing = z.infer<typeof rawPricingSchema>;
export type RawTravel = z.infer<typeof rawLocationsSchema>['travel'];

const cache = new Map<string, unknown>();
function readRaw<T>(file: string, schema: z.ZodType<T>): T {
  const hit = cache.get(file);
  if (hit) return hit as T;
  const parsed = schema.parse(JSON.parse(fs.readFileSync(path.join(contentDir(), file), 'utf8')));
  cache.set(file, parsed);
  return parsed;
}

export const rawPricing = (): RawPricing => readRaw('pricing.json', rawPricingSchema);
export const rawTravel = (): RawTravel => readRaw('locations.json', rawLocationsSchema).travel;

const czk = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', maximumFractionDigits: 0 });
const number = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 1 });

/** "4 až 6 týdnů" (or "6 týdnů" when every package delivers alike) after „do“ / „místo obvyklých“. */
function rangeGen(min: number, max: number, noun: typeof WEEKS_GEN): string {
  return min === max ? czechCount(max, noun) : `${min} až ${czechCount(max, noun)}`;
}

/** Travel cost in CZK for a venue `km` kilometres (one way) away: the part beyond the free distance, both ways. */
export function travelCostFor(km: number, rule: Pick<RawTravel, 'freeKm' | 'pricePerKm'>): number {
  const charged = Math.max(0, Math.ceil(km) - rule.freeKm);
  return Math.round(charged * 2 * rule.pricePerKm);
}

/** ASCII key of a place name for `{{travelCost.mikulov}}`: "Slavkov u Brna" → "slavkov-u-brna". */
export function placeKey(place: string): string {
  return place
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function priceFactPlaceholders(pricing: RawPricing = rawPricing(), travel: RawTravel = rawTravel(), terms: Terms = getTerms()): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of pricing.packages) {
    values[`price.${p.id}`] = czk.format(p.price);
    values[`hours.${p.id}`] = czechCount(p.hours, HOURS);
    values[`deliveryWeeksGen.${p.id}`] = czechCount(p.deliveryWeeks, WEEKS_GEN);
  }
  // The binding delivery time of each package, for the terms and the price list.
  values.packageDeliveryList = pricing.packages
    .map((p) => `- balíček **${p.name}**: do ${czechCount(p.deliveryWeeks, WEEKS_GEN)} od svatby`)
    .join('\n');
  for (const a of pricing.addons) values[`price.${a.id}`] = czk.format(a.price);
  const hours = pricing.packages.map((p) => p.hours);
  const weeks = pricing.packages.map((p) => p.deliveryWeeks);
  values.packageHoursRange = rangeGen(Math.min(...hours), Math.max(...hours), HOURS);
  // The terms promise the longest delivery; a package may only be faster (checked when pricing.json is read).
  values.deliveryWeeksRangeGen = rangeGen(Math.min(...weeks), terms.deliveryWeeks, WEEKS_GEN);
  values.freeKm = `${number.format(travel.freeKm)}\u00a0km`;
  values.pricePerKm = czk.format(travel.pricePerKm);
  values.accommodationKm = `${number.format(travel.accommodationKm)}\u00a0km`;
  values.accommodationMaxCzk = czk.format(travel.accommodationMaxCzk);
  for (const e of travel.examples) values[`travelCost.${placeKey(e.place)}`] = czk.format(travelCostFor(e.km, travel));
  return values;
}
