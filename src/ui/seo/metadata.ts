import type { Metadata } from 'next';
import { getSiteInfo } from '@/content/site';

export interface PageSeo {
  title: string;
  description: string;
  /** Site-relative canonical path, e.g. "/cenik". Made absolute by the root layout's metadataBase. */
  path: string;
  /** The home page uses its title as is, without the "| brand" template. */
  absoluteTitle?: boolean;
  image?: { url: string; width: number; height: number; alt: string };
}

/** Title, description, canonical URL and Open Graph for one page (Open Graph is replaced, not merged, per page). */
export function pageMetadata(seo: PageSeo): Metadata {
  const site = getSiteInfo();
  const fullTitle = seo.absoluteTitle ? seo.title : `${seo.title} | ${site.photographer.brand}`;
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
      ...(seo.image ? { images: [seo.image] } : {}),
    },
    twitter: { card: seo.image ? 'summary_large_image' : 'summary', title: fullTitle, description: seo.description },
  };
}
