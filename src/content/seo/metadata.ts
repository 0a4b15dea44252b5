import type { Metadata } from 'next';
import { getHomeContent } from '@/content/pages/home';
import { resolveContentImage } from '@/content/pages/images';
import { getSiteInfo } from '@/site/public.server';

export interface PageSeo {
  title: string;
  description: string;
  /** Site-relative canonical path, e.g. "/cenik". Made absolute by the root layout's metadataBase. */
  path: string;
  /** The home page uses its title as is, without the "| brand" template. */
  absoluteTitle?: boolean;
  /** Share image; defaults to the home page's hero photograph. */
  image?: { url: string; width: number; height: number; alt: string };
}

function defaultShareImage(): NonNullable<PageSeo['image']> {
  const { hero } = getHomeContent();
  const img = resolveContentImage(hero.image, hero.imageAlt);
  return { url: img.url, width: img.width, height: img.height, alt: img.alternativeText };
}

/** Title, description, canonical URL and Open Graph for one page (Open Graph is replaced, not merged, per page). */
export function pageMetadata(seo: PageSeo): Metadata {
  const site = getSiteInfo();
  const fullTitle = seo.absoluteTitle ? seo.title : `${seo.title} | ${site.photographer.brand}`;
  const image = seo.image ?? defaultShareImage();
  return {
    title: seo.absoluteTitle ? { absolute: seo.title } : seo.title,
    description: seo.description,
    alternates: { canonical: seo.path },
    openGraph: {
      type: 'website',
      locale: 'cs_CZ',
      siteName: site.photographer.brand,
      title: fullTitle,
      description: seo.description,
      url: seo.path,
      images: [image],
    },
    twitter: { card: 'summary_large_image', title: fullTitle, description: seo.description, images: [image.url] },
  };
}
