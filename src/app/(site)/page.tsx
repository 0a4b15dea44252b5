import type { Metadata } from 'next';
import { getHomeContent } from '@/content/pages/home';
import { resolveContentImage } from '@/content/pages/images';
import { getPricing, getSiteInfo } from '@/site/public.server';
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
  const favourites = (await getWeddings()).filter((w) => w.favorite);
  const heroImage = resolveContentImage(home.hero.image, home.hero.imageAlt);
  const base = siteUrl().replace(/\/+$/, '');
  return (
    <>
      <Hero hero={home.hero} image={heroImage} ctaHref={site.cta.href} />
      <FavouriteWeddings content={home.favourites} weddings={favourites} />
      <AboutTeaser content={home.about} portrait={resolveContentImage(home.about.portrait, home.about.portraitAlt)} />
      <TestimonialsSection content={home.testimonials} />
      <PricingTeaser content={home.pricing} pricing={pricing} />
      <ContactTeaser content={home.contact} site={site} ctaHref={site.cta.href} />
      <JsonLd data={businessJsonLd(site, base, pricing, `${base}${heroImage.url}`)} />
    </>
  );
}
