import { getPricing } from '@/site/public.server';

/** A price-list package as the booking forms need it. */
export interface PackageOption {
  id: string;
  name: string;
  price?: number;
  hours?: number;
}

/** Packages from the price list (content/pricing.json through the content layer). */
export function getPackageOptions(): PackageOption[] {
  return getPricing().packages.map((p) => ({ id: p.id, name: p.name, price: p.price, hours: p.hours }));
}

export function packageName(id: string | null | undefined, options: PackageOption[] = getPackageOptions()): string | null {
  if (!id) return null;
  return options.find((p) => p.id === id)?.name ?? id;
}
