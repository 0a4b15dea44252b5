import { describe, expect, it } from 'vitest';
import { getTestimonials, testimonialsFileSchema } from '@/site/public.server';
import { sampleWeddings } from '@/content/sample-data';

describe('testimonials content', () => {
  it('loads 4–6 Czech quotes linked to existing sample weddings', () => {
    const list = getTestimonials();
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.length).toBeLessThanOrEqual(6);
    const slugs = new Set(sampleWeddings().map((w) => w.slug));
    for (const t of list) {
      expect(t.weddingSlug && slugs.has(t.weddingSlug), `${t.couple} → ${t.weddingSlug}`).toBe(true);
    }
  });
  it('rejects malformed entries', () => {
    expect(testimonialsFileSchema.safeParse({ testimonials: [] }).success).toBe(false);
    expect(testimonialsFileSchema.safeParse({ testimonials: [{ couple: 'A', quote: 'krátké' }] }).success).toBe(false);
    expect(testimonialsFileSchema.safeParse({ testimonials: [{ couple: 'A', quote: 'x'.repeat(30), weddingSlug: 'Bad Slug' }] }).success).toBe(false);
  });
});
