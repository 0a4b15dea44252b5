import { describe, expect, it } from 'vitest';
import { allFaqQuestions, getFaq, depositFor, formatCzk, getPackage, getPricing, lowestPrice, pricingSchema, getLocations, travelCost, czechNbsp } from '@/site/public.server';
import { getHomeContent } from './home';
import { getServices } from './services';
import { getContactContent } from './contact';
import { getAboutPage, getTermsPage, getPrivacyPage } from './static-pages';
import { failsSlugCheck, getContentPage, isValidPageSlug, listContentPageSlugs } from './content-pages';
import { fillPlaceholders, renderMarkdown } from './markdown';

const NBSP = '\u00a0';

describe('content files', () => {
  it('all JSON page files parse', () => {
    expect(getHomeContent().hero.cta).toBe('Rezervace');
    expect(getServices().services.length).toBeGreaterThanOrEqual(4);
    expect(getContactContent().bookingCta.href).toBe('/rezervace');
  });

  it('the FAQ has at least 12 questions with unique ids and covers the required topics', () => {
    const questions = allFaqQuestions(getFaq());
    expect(questions.length).toBeGreaterThanOrEqual(12);
    const ids = questions.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const topic of ['zaloha', 'cestovne', 'doba-dodani', 'pocet-fotek', 'dest', 'druhy-fotograf', 'harmonogram']) {
      expect(ids).toContain(topic);
    }
  });

  it('the price list has 3–4 packages built from the five blocks of the day, and a deposit', () => {
    const pricing = getPricing();
    expect(pricing.packages.length).toBeGreaterThanOrEqual(3);
    expect(pricing.packages.length).toBeLessThanOrEqual(4);
    expect(pricing.blocks.map((b) => b.id)).toEqual(['pripravy', 'obrad', 'portrety', 'hostina', 'vecer']);
    expect(pricing.depositPercent).toBe(30);
    expect(pricing.addons.length).toBeGreaterThan(0);
    // Prices rise with the hours covered.
    const sorted = [...pricing.packages].sort((a, b) => a.hours - b.hours);
    expect(sorted.map((p) => p.price)).toEqual([...sorted.map((p) => p.price)].sort((a, b) => a - b));
    expect(getPackage('cely-den')?.blocks).toHaveLength(5);
    expect(getPackage('neexistuje')).toBeUndefined();
  });

  it('rejects a package that uses an undescribed block or a duplicate id', () => {
    const pricing = structuredClone(getPricing());
    const bad = { ...pricing, blocks: pricing.blocks.filter((b) => b.id !== 'vecer'), packages: [...pricing.packages, pricing.packages[0]] };
    const result = pricingSchema.safeParse(bad);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message).join('\n') ?? '';
    expect(messages).toContain('block vecer is not described');
    expect(messages).toContain('duplicate package id');
  });

  it('the Markdown pages parse and render', () => {
    const about = getAboutPage();
    expect(about.data.facts.length).toBeGreaterThan(0);
    expect(about.html).toContain('<h2');
    const privacy = getPrivacyPage();
    expect(privacy.data.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Controller details come from content/site.json through placeholders.
    expect(privacy.html).toContain('12345679');
    expect(privacy.html).toContain('anna@example.cz');
    expect(privacy.html).not.toContain('{{');
    for (const word of ['Úřad pro ochranu osobních údajů', `12${NBSP}měsíců`, 'souhlas', 'Cookies', 'oprávněný zájem', 'Neplátce DPH', 'Živnostenský úřad města Brna']) {
      expect(privacy.html).toContain(word);
    }
    expect(privacy.html).toContain('<table>');
    // Without Google Analytics configured the notice names no transfer outside the EEA.
    expect(privacy.html).not.toContain('Google');
    expect(privacy.html).toContain('Údaje mimo Evropský hospodářský prostor nepředávám.');
    const terms = getTermsPage();
    expect(terms.html).toContain(`§${NBSP}1829`);
    expect(terms.html).toContain('adr.coi.cz');
    expect(terms.html).not.toContain('{{');
  });
});

describe('formatCzk and deposit', () => {
  it('formats whole crowns the Czech way', () => {
    expect(formatCzk(25000)).toBe(`25${NBSP}000${NBSP}Kč`);
    expect(formatCzk(2900)).toBe(`2${NBSP}900${NBSP}Kč`);
    expect(formatCzk(900)).toBe(`900${NBSP}Kč`);
  });
  it('computes the deposit and the lowest price', () => {
    expect(depositFor(36900, 30)).toBe(11070);
    expect(lowestPrice(getPricing())).toBe(Math.min(...getPricing().packages.map((p) => p.price)));
  });
});

describe('travelCost', () => {
  const rule = { freeKm: 30, pricePerKm: 9 };
  it('is free within the free distance', () => {
    expect(travelCost(0, rule)).toBe(0);
    expect(travelCost(30, rule)).toBe(0);
  });
  it('charges the rest both ways', () => {
    expect(travelCost(50, rule)).toBe(360);
    expect(travelCost(205, rule)).toBe(3150);
    expect(travelCost(30.2, rule)).toBe(18);
  });
  it('matches the examples quoted in the FAQ', () => {
    const loc = getLocations();
    const faqText = allFaqQuestions(getFaq()).find((q) => q.id === 'cestovne')?.answer.join(' ') ?? '';
    for (const place of ['Mikulov', 'Praha']) {
      const ex = loc.travel.examples.find((e) => e.place === place);
      expect(ex).toBeDefined();
      const amount = travelCost(ex?.km ?? 0, loc.travel).toLocaleString('cs-CZ');
      expect(faqText.replace(/\s/g, ' ')).toContain(amount.replace(/\s/g, ' '));
    }
  });
});

describe('catch-all content pages', () => {
  it('guards slugs', () => {
    expect(isValidPageSlug('darkovy-poukaz')).toBe(true);
    for (const bad of ['', '..', '../site', 'Darkovy', 'dárkový', 'a--b', '-a', 'a/b', 'a.md', 'x'.repeat(81)]) {
      expect(isValidPageSlug(bad)).toBe(false);
    }
    expect(getContentPage('../site')).toBeNull();
  });
  it('tells a failed slug check (fatal 404) from a well-formed unknown slug', () => {
    expect(failsSlugCheck('/neexistuje')).toBe(false);
    expect(failsSlugCheck('/neexistuje?x=1')).toBe(false);
    expect(failsSlugCheck('/Neexistuje')).toBe(true);
    expect(failsSlugCheck('/d%C3%A1rek')).toBe(true);
    expect(failsSlugCheck('/%E0%A4%A')).toBe(true);
  });
  it('renders existing pages and returns null for unknown ones', () => {
    const page = getContentPage('darkovy-poukaz');
    expect(page?.title).toBe('Dárkový poukaz na focení');
    expect(page?.html).toContain('<h2');
    expect(getContentPage('neexistuje')).toBeNull();
    expect(listContentPageSlugs()).toEqual(expect.arrayContaining(['darkovy-poukaz', 'jak-probiha-foceni']));
  });
});

describe('typography helpers', () => {
  it('binds one-letter prepositions to the next word', () => {
    expect(czechNbsp('Fotím v Brně a okolí')).toBe(`Fotím v${NBSP}Brně a${NBSP}okolí`);
    expect(czechNbsp('K focení')).toBe(`K${NBSP}focení`);
    expect(czechNbsp('tag v')).toBe('tag v');
  });
  it('binds both of two one-letter words in a row', () => {
    expect(czechNbsp('krytá zákoutí a s místem svatby')).toBe(`krytá zákoutí a${NBSP}s${NBSP}místem svatby`);
    expect(czechNbsp('i v hlavní sezóně')).toBe(`i${NBSP}v${NBSP}hlavní sezóně`);
    expect(czechNbsp('a k o u')).toBe(`a${NBSP}k${NBSP}o${NBSP}u`);
  });
  it('fills known placeholders and rejects unknown ones', () => {
    expect(fillPlaceholders('IČO {{ico}}', { ico: '1' })).toBe('IČO 1');
    expect(() => fillPlaceholders('{{nope}}', {})).toThrow(/Unknown placeholder/);
  });
  it('marks external links noopener', () => {
    expect(renderMarkdown('[ÚOOÚ](https://www.uoou.cz)')).toContain('rel="noopener noreferrer"');
  });
});
