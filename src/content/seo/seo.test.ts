import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '@/ui/seo/json-ld';
import { businessJsonLd, faqJsonLd } from './structured-data';
import { getSiteInfo, getFaq, getPricing } from '@/site/public.server';
import { pageMetadata } from './metadata';

describe('JSON-LD', () => {
  it('escapes < so content cannot close the script element', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(out).not.toContain('<');
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
  it('describes the business with address and area served', () => {
    const ld = businessJsonLd(getSiteInfo(), 'https://example.cz', getPricing());
    expect(ld['@type']).toBe('ProfessionalService');
    expect(ld.address).toMatchObject({ addressLocality: 'Brno', addressCountry: 'CZ' });
    expect(Array.isArray(ld.areaServed) && ld.areaServed.length).toBeGreaterThan(0);
  });
  it('lists every FAQ question', () => {
    const ld = faqJsonLd(getFaq(), 'https://example.cz/faq');
    expect(ld['@type']).toBe('FAQPage');
    expect((ld.mainEntity as unknown[]).length).toBeGreaterThanOrEqual(12);
  });
});

describe('pageMetadata', () => {
  it('sets canonical and Open Graph', () => {
    const m = pageMetadata({ title: 'Ceník', description: 'Popis', path: '/cenik' });
    expect(m.alternates?.canonical).toBe('/cenik');
    expect(m.openGraph).toMatchObject({ url: '/cenik', locale: 'cs_CZ', title: 'Ceník | Anna Nováková Fotografie' });
    // Every page gets a share image (the home hero unless the page names its own).
    expect(JSON.stringify(m.openGraph)).toContain('/api/placeholder/');
  });
});
