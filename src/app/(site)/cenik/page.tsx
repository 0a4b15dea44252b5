import type { Metadata } from 'next';
import { getPricing } from '@/site/public.server';
import { PageHeader } from '@/content/ui/pages/page-header';
import { PricingView } from '@/content/ui/pages/pricing-view';
import { pageMetadata } from '@/content/seo/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({ ...getPricing().meta, path: '/cenik' });
}

export default function PricingPage() {
  const pricing = getPricing();
  return (
    <>
      <PageHeader eyebrow={pricing.eyebrow} heading={pricing.heading} lead={pricing.lead} />
      <PricingView pricing={pricing} />
    </>
  );
}
