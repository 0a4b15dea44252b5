import type { Metadata } from 'next';
import { resolveContentImage } from '@/content/pages/images';
import { getAboutPage } from '@/content/pages/static-pages';
import { getHomeContent } from '@/content/pages/home';
import { AboutView } from '@/content/ui/pages/about-view';
import { ContentPhoto } from '@/content/ui/pages/content-photo';
import { pageMetadata } from '@/content/seo/metadata';

export function generateMetadata(): Metadata {
  const { title, description } = getAboutPage().data;
  return pageMetadata({ title, description, path: '/omne' });
}

export default function AboutPage() {
  const { data, html } = getAboutPage();
  // Her portrait uploaded in the admin (the home page's) replaces the file's on this page too.
  const own = getHomeContent().about.portrait;
  const portrait = resolveContentImage('photo' in own ? own : data.portrait, data.portraitAlt);
  return <AboutView front={data} html={html} portrait={<ContentPhoto image={portrait} sizes="(min-width: 56rem) 30rem, 100vw" lcp />} />;
}
