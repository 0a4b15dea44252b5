import type { Metadata } from 'next';
import { Testimonials } from '@/content/ui/testimonials/testimonials';
import { getTestimonials } from '@/site/public.server';
import { firstParam, type SearchParams } from '@/platform/search-params';

interface Props {
  searchParams: Promise<SearchParams>;
}

/** `?par=` (a wedding slug or the couple's name) features that couple; default the first testimonial. */
function featuredCouple(params: SearchParams) {
  const list = getTestimonials();
  const wanted = firstParam(params, 'par')?.trim().toLowerCase();
  const hit = wanted ? list.find((t) => t.weddingSlug === wanted || t.couple.toLowerCase() === wanted) : undefined;
  const featured = hit ?? list[0];
  return { featured, ordered: [featured, ...list.filter((t) => t !== featured)] };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { featured } = featuredCouple(await searchParams);
  // docs/spec.md §2: the page title carries the couple's name.
  return { title: `Reference – ${featured.couple}` };
}

/** docs/spec.md §2 /testimonials-test: the testimonials component in the default layout. */
export default async function TestimonialsTestPage({ searchParams }: Props) {
  const { featured, ordered } = featuredCouple(await searchParams);
  return (
    <div className="container">
      <Testimonials testimonials={ordered} headingLevel="h1" title={`Reference – ${featured.couple}`} />
    </div>
  );
}
