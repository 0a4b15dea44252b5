import { z } from 'zod';
import { readContentJson } from './files';
import { getTerms } from './terms';
import { metaSchema, slugId, text } from './text';

/**
 * The price list (content/pricing.json). The bookings domain reads the package ids from here
 * (`/rezervace?balicek=<id>`), so ids are stable ASCII kebab-case and unique.
 */
export const blockIdSchema = z.enum(['pripravy', 'obrad', 'portrety', 'hostina', 'vecer']);
export type BlockId = z.infer<typeof blockIdSchema>;

const czk = z.number().int().positive().max(1_000_000);

export const packageSchema = z.object({
  id: slugId(),
  name: text(),
  tagline: text(),
  price: czk,
  hours: z.number().positive().max(24),
  blocks: z.array(blockIdSchema).min(1),
  photos: text(),
  deliveryWeeks: z.number().int().positive().max(12),
  includes: z.array(text()).min(1),
  featured: z.boolean().default(false),
});
export type PricingPackage = z.infer<typeof packageSchema>;

export const addonSchema = z.object({
  id: slugId(),
  name: text(),
  price: czk,
  unit: text().nullable(),
  description: text(),
});
export type PricingAddon = z.infer<typeof addonSchema>;

export const pricingSchema = z
  .object({
    meta: metaSchema,
    eyebrow: text(),
    heading: text(),
    lead: text(),
    currency: z.literal('CZK'),
    blocks: z.array(z.object({ id: blockIdSchema, name: text(), description: text() })).min(1),
    packages: z.array(packageSchema).min(1),
    addons: z.array(addonSchema),
    deposit: z.object({ heading: text(), text: text() }),
    notes: z.array(text()),
  })
  .superRefine((p, ctx) => {
    const { deliveryWeeks } = getTerms();
    const ids = new Set<string>();
    p.packages.forEach((pkg, i) => {
      if (ids.has(pkg.id)) ctx.addIssue({ code: 'custom', path: ['packages', i, 'id'], message: `duplicate package id ${pkg.id}` });
      ids.add(pkg.id);
      if (pkg.deliveryWeeks > deliveryWeeks) {
        ctx.addIssue({ code: 'custom', path: ['packages', i, 'deliveryWeeks'], message: `longer than the ${deliveryWeeks} weeks promised in content/terms.json` });
      }
      for (const b of pkg.blocks) {
        if (!p.blocks.some((d) => d.id === b)) ctx.addIssue({ code: 'custom', path: ['packages', i, 'blocks'], message: `block ${b} is not described in blocks[]` });
      }
    });
  })
  // The deposit percentage is one of the booking terms (content/terms.json), never a second number here.
  .transform((p) => ({ ...p, depositPercent: getTerms().depositPercent }));
export type Pricing = z.infer<typeof pricingSchema>;

export function getPricing(): Pricing {
  return readContentJson('pricing.json', pricingSchema);
}

export function getPackage(id: string): PricingPackage | undefined {
  return getPricing().packages.find((p) => p.id === id);
}

/** The deposit that reserves the date, rounded to whole crowns. */
export function depositFor(price: number, percent: number): number {
  return Math.round((price * percent) / 100);
}

const czkFormat = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', maximumFractionDigits: 0 });

/** 25000 → "25 000 Kč" (with the non-breaking spaces Czech typography uses). */
export function formatCzk(amount: number): string {
  return czkFormat.format(amount);
}

/** Lowest package price, for "od 14 900 Kč" teasers. */
export function lowestPrice(pricing: Pricing): number {
  return Math.min(...pricing.packages.map((p) => p.price));
}
