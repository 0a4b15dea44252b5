import type { Metadata } from 'next';
import { getHomeContent } from '@/content/pages/home';
import { resolveContentImage } from '@/content/pages/images';
import { getPricing, getSiteInfo, shippedHomeImages } from '@/site/public.server';
import { ownPhotoOr } from '@/content/pages/site-photos.server';
import { getWeddings } from '@/content/registry.server';
import { siteUrl } from '@/platform/env';
import { AboutTeaser } from '@/content/ui/home/about-teaser';
import { ContactTeaser } from '@/content/ui/home/contact-teaser';
import { FavouriteWeddings } from '@/content/ui/home/favourite-weddings';
import { Hero } from '@/content/ui/home/hero';
import { PricingTeaser } from '@/content/ui/home/pricing-teaser';
import { TestimonialsSection } from '@/content/ui/home/testimonials-section';
import { JsonLd } from '@/ui/seo/json-ld';
import { pageMetadata } from '@/content/seo/metadata';
import { businessJsonLd } from '@/content/seo/structured-data';

export function generateMetadata(): Metadata {
  return pageMetadata({ ...getHomeContent().meta, path: '/', absoluteTitle: true });
}

export default async function HomePage() {
  const home = getHomeContent();
  const site = getSiteInfo();
  const pricing = getPricing();
  // Her favourites first, filled up with her newest weddings: a wedding she publishes appears at once.
  const weddings = await getWeddings();
  const picked = weddings.filter((w) => w.favorite);
  const day = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? d : '');
  const newest = weddings.filter((w) => !w.favorite).sort((x, y) => day(y.date).localeCompare(day(x.date)) || y.year - x.year);
  const favourites = [...picked, ...newest.slice(0, Math.max(0, 3 - picked.length))];
  const shipped = shippedHomeImages();
  const [heroRef, portraitRef] = await Promise.all([ownPhotoOr(home.hero.image, shipped.hero), ownPhotoOr(home.about.portrait, shipped.portrait)]);
  const heroImage = resolveContentImage(heroRef, home.hero.imageAlt);
  const base = siteUrl().replace(/\/+$/, '');
  return (
    <>
      <Hero hero={home.hero} image={heroImage} ctaHref={site.cta.href} />
      <FavouriteWeddings content={home.favourites} weddings={favourites} />
      <AboutTeaser content={home.about} portrait={resolveContentImage(portraitRef, home.about.portraitAlt)} />
      <TestimonialsSection content={home.testimonials} />
      <PricingTeaser content={home.pricing} pricing={pricing} />
      <ContactTeaser content={home.contact} site={site} ctaHref={site.cta.href} />
      <JsonLd data={businessJsonLd(site, base, pricing, `${base}${heroImage.url}`)} />
    </>
  );
}
