import type { Metadata } from 'next';
import { resolveContentImage } from '@/content/pages/images';
import { aboutFilePortrait, getAboutPage } from '@/content/pages/static-pages';
import { ownPhotoOr } from '@/content/pages/site-photos.server';
import { AboutView } from '@/content/ui/pages/about-view';
import { ContentPhoto } from '@/content/ui/pages/content-photo';
import { pageMetadata } from '@/content/seo/metadata';

export function generateMetadata(): Metadata {
  const { title, description } = getAboutPage().data;
  return pageMetadata({ title, description, path: '/omne' });
}

export default async function AboutPage() {
  const { data, html } = getAboutPage();
  const file = aboutFilePortrait();
  const own = await ownPhotoOr(data.portrait, file.portrait);
  const portrait = resolveContentImage(own, own === data.portrait ? data.portraitAlt : file.portraitAlt);
  return <AboutView front={data} html={html} portrait={<ContentPhoto image={portrait} sizes="(min-width: 56rem) 30rem, 100vw" lcp />} />;
}
