import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { cache } from 'react';
import { loadTermsVersion } from '@/content/terms-versions.server';
import { TermsVersionView } from '@/content/ui/pages/terms-version-view';
import { pageMetadata } from '@/content/seo/metadata';
import { formatCzechDate } from '@/platform/dates';
import { NOT_FOUND_METADATA } from '@/content/ui/wedding/wedding-seo';

interface Props {
  params: Promise<{ datum: string }>;
}

const findVersion = cache(async (slug: string) => loadTermsVersion(slug));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const version = await findVersion((await params).datum);
  if (!version) return NOT_FOUND_METADATA;
  return pageMetadata({
    title: `Obchodní podmínky ve znění od ${formatCzechDate(version.effectiveOn)}`,
    description: `Obchodní podmínky svatebního focení ve znění platném od ${formatCzechDate(version.effectiveOn)}: uložené beze změny, jak je četli snoubenci, kteří tehdy poslali poptávku.`,
    path: `/obchodni-podminky/verze/${version.slug}`,
  });
}

/** `/obchodni-podminky/verze/{date}`: one immutable version of the terms (§ 1824 OZ), linked from the couple's e-mails. */
export default async function TermsVersionPage({ params }: Props) {
  await connection();
  const version = await findVersion((await params).datum);
  if (!version) notFound();
  return <TermsVersionView version={version} />;
}
