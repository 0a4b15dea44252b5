import { type SiteInfo, type Faq, allFaqQuestions, type Pricing, formatCzk } from '@/site/public.server';

/** schema.org ProfessionalService (a LocalBusiness) for the photographer: address, area served, contact, prices. */
export function businessJsonLd(site: SiteInfo, baseUrl: string, pricing: Pricing, imageUrl?: string): Record<string, unknown> {
  const p = site.photographer;
  const prices = pricing.packages.map((x) => x.price);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${baseUrl}/#business`,
    name: p.brand,
    description: p.tagline,
    url: `${baseUrl}/`,
    email: p.email,
    telephone: p.phone.replace(/\s+/g, ''),
    ...(imageUrl ? { image: imageUrl } : {}),
    priceRange: `${formatCzk(Math.min(...prices))} – ${formatCzk(Math.max(...prices))}`,
    currenciesAccepted: 'CZK',
    address: {
      '@type': 'PostalAddress',
      streetAddress: p.street,
      addressLocality: p.city,
      postalCode: p.postalCode,
      addressRegion: p.region,
      addressCountry: p.country,
    },
    areaServed: p.areaServed.map((name) => ({ '@type': 'AdministrativeArea', name })),
    founder: { '@type': 'Person', name: p.name, jobTitle: 'Svatební fotografka' },
    taxID: p.ico,
    sameAs: p.social.map((s) => s.url),
    knowsLanguage: ['cs', 'en'],
  };
}

/** schema.org FAQPage from the FAQ content (answers as plain text). */
export function faqJsonLd(faq: Faq, pageUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    '@id': `${pageUrl}#faq`,
    mainEntity: allFaqQuestions(faq).map((q) => ({
      '@type': 'Question',
      name: q.question,
      acceptedAnswer: { '@type': 'Answer', text: q.answer.join('\n\n') },
    })),
  };
}
