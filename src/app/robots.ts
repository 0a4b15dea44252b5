import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { siteUrl } from '@/platform/env';

/** Private areas stay out of search engines; the sitemap URL follows SITE_URL at run time. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  const base = siteUrl().replace(/\/+$/, '');
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/admin', '/ucet', '/api'] }],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
