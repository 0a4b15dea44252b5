import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** A price-list package as the booking forms need it. */
export interface PackageOption {
  id: string;
  name: string;
  price?: number;
  hours?: number;
}

const pkg = z.object({ id: z.string().min(1), name: z.string().min(1), price: z.number().optional(), hours: z.number().optional() }).loose();
const file = z.union([z.array(pkg), z.object({ packages: z.array(pkg) }).loose()]);

/**
 * Packages from the price list (content/pricing.json, owned by the site pages). Missing or unreadable price
 * list → no packages: the forms then offer only "not decided yet" instead of failing.
 */
export function getPackageOptions(): PackageOption[] {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'content', 'pricing.json'), 'utf8')) as unknown;
    const parsed = file.parse(raw);
    const list = Array.isArray(parsed) ? parsed : parsed.packages;
    return list.map((p) => ({ id: p.id, name: p.name, price: p.price, hours: p.hours }));
  } catch {
    return [];
  }
}

export function packageName(id: string | null | undefined, options: PackageOption[] = getPackageOptions()): string | null {
  if (!id) return null;
  return options.find((p) => p.id === id)?.name ?? id;
}
