import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { listContentPageSlugs } from '@/content/pages/content-pages';
import { getBlogPosts, getWeddings } from '@/content/registry.server';
import { siteUrl } from '@/platform/env';
import { isoDayOf } from '@/platform/dates';

/** Public, indexable pages. Built per request so SITE_URL and the content source are read at run time. */
const STATIC_ROUTES: { path: string; priority: number; changeFrequency: 'weekly' | 'monthly' | 'yearly' }[] = [
  { path: '/', priority: 1, changeFrequency: 'weekly' },
  { path: '/portfolio', priority: 0.9, changeFrequency: 'weekly' },
  { path: '/cenik', priority: 0.9, changeFrequency: 'monthly' },
  { path: '/sluzby', priority: 0.8, changeFrequency: 'monthly' },
  { path: '/rezervace', priority: 0.8, changeFrequency: 'monthly' },
  { path: '/lokace', priority: 0.7, changeFrequency: 'monthly' },
  { path: '/faq', priority: 0.7, changeFrequency: 'monthly' },
  { path: '/omne', priority: 0.7, changeFrequency: 'monthly' },
  { path: '/kontakt', priority: 0.6, changeFrequency: 'yearly' },
  { path: '/blog', priority: 0.6, changeFrequency: 'weekly' },
  { path: '/obchodni-podminky', priority: 0.2, changeFrequency: 'yearly' },
  { path: '/obchodni-podminky/odstoupeni-od-smlouvy', priority: 0.1, changeFrequency: 'yearly' },
  { path: '/obchodni-podminky/verze', priority: 0.1, changeFrequency: 'yearly' },
  { path: '/ochrana-udaju', priority: 0.2, changeFrequency: 'yearly' },
];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const base = siteUrl().replace(/\/+$/, '');
  const [weddings, posts] = await Promise.all([getWeddings(), getBlogPosts()]);
  return [
    ...STATIC_ROUTES.map((r) => ({ url: `${base}${r.path === '/' ? '/' : r.path}`, changeFrequency: r.changeFrequency, priority: r.priority })),
    ...listContentPageSlugs().map((slug) => ({ url: `${base}/${slug}`, changeFrequency: 'yearly' as const, priority: 0.5 })),
    ...weddings.map((w) => ({ url: `${base}/weddings/${encodeURIComponent(w.slug)}`, changeFrequency: 'yearly' as const, priority: 0.8 })),
    ...posts.map((p) => ({
      url: `${base}/blog/${encodeURIComponent(p.slug)}`,
      ...(isoDayOf(p.date) ? { lastModified: isoDayOf(p.date) as string } : {}),
      changeFrequency: 'yearly' as const,
      priority: 0.6,
    })),
  ];
}
