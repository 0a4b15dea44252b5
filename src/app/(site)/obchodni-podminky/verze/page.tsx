import type { Metadata } from 'next';
import { connection } from 'next/server';
import { loadTermsVersions } from '@/content/terms-versions.server';
import { TermsVersionList } from '@/content/ui/pages/terms-version-view';
import { pageMetadata } from '@/content/seo/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Znění obchodních podmínek',
    description: 'Všechna dosavadní znění obchodních podmínek svatebního focení, každé s datem, od kterého platí, neměnné a s vlastní adresou.',
    path: '/obchodni-podminky/verze',
  });
}

/** Read from the database on every request: a new version appears as soon as it is recorded. */
export default async function TermsVersionsPage() {
  await connection();
  return <TermsVersionList versions={await loadTermsVersions()} />;
}
