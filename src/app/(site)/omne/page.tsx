import type { Metadata } from 'next';
import { resolveContentImage } from '@/content/pages/images';
import { getAboutPage } from '@/content/pages/static-pages';
import { AboutView } from '@/content/ui/pages/about-view';
import { ContentPhoto } from '@/content/ui/pages/content-photo';
import { pageMetadata } from '@/content/seo/metadata';

export function generateMetadata(): Metadata {
  const { title, description } = getAboutPage().data;
  return pageMetadata({ title, description, path: '/omne' });
}

export default function AboutPage() {
  const { data, html } = getAboutPage();
  const portrait = resolveContentImage(data.portrait, data.portraitAlt);
  return <AboutView front={data} html={html} portrait={<ContentPhoto image={portrait} sizes="(min-width: 56rem) 30rem, 100vw" lcp />} />;
}
