import { z } from 'zod';
import { readContentJson } from './files';
import { metaSchema, slugId, text } from './text';
import { travelCostFor } from './price-facts';

export const travelRuleSchema = z.object({
  heading: text(),
  origin: text(),
  /** The origin with its preposition in the genitive („z Brna“, „ze Šumperka“) for captions. */
  fromOrigin: text(),
  /** Kilometres (one way) that are free of charge. */
  freeKm: z.number().int().min(0),
  /** CZK per kilometre beyond the free distance, charged both ways. */
  pricePerKm: z.number().positive(),
  /** Beyond this distance (one way) with the evening block, the couple arranges a bed for the night. */
  accommodationKm: z.number().int().positive(),
  /** The most a night's accommodation adds when the couple cannot arrange one. */
  accommodationMaxCzk: z.number().int().positive(),
  rule: text(),
  accommodation: text(),
  examples: z.array(z.object({ place: text(), km: z.number().int().positive() })),
});
export type TravelRule = z.infer<typeof travelRuleSchema>;

export const locationsSchema = z.object({
  meta: metaSchema,
  eyebrow: text(),
  heading: text(),
  lead: text(),
  regions: z.array(z.object({ id: slugId(), name: text(), text: text() })).min(1),
  venues: z.array(z.object({ name: text(), place: text(), region: text(), text: text() })),
  travel: travelRuleSchema,
});
export type LocationsContent = z.infer<typeof locationsSchema>;

export function getLocations(): LocationsContent {
  return readContentJson('locations.json', locationsSchema);
}

/** Travel cost in CZK for a venue `km` kilometres (one way) from the origin: the part beyond the free distance, both ways. */
export function travelCost(km: number, rule: Pick<TravelRule, 'freeKm' | 'pricePerKm'>): number {
  return travelCostFor(km, rule);
}
