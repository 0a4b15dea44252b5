import type { HomeContent } from '@/content/pages/home';
import { Testimonials } from '@/content/ui/testimonials/testimonials';

/** Quotes from couples (content/testimonials.json through the shared Testimonials component). */
export function TestimonialsSection({ content }: { content: HomeContent['testimonials'] }) {
  return (
    <div className="container">
      <Testimonials title={content.heading} />
    </div>
  );
}
