import type { Metadata } from 'next';
import { requireAdmin } from '@/accounts/public.server';
import { getWeddings } from '@/content/registry.server';
import { effectiveSettings } from '@/site/public.server';
import { getAboutPage } from '@/content/pages/static-pages';
import { AboutPageForm, FaqForm, HomeForm, PricingForm, TestimonialsForm } from '@/ui/admin-settings/settings-editor';
import styles from '@/bookings/ui/admin.module.css';

export const metadata: Metadata = { title: 'Administrace – obsah webu' };

/** The home page's texts, the about page, the price list, the FAQ and the testimonials, edited in the browser (saved over the content/ files). */
export default async function ContentSettingsPage() {
  await requireAdmin();
  const doc = effectiveSettings();
  const about = getAboutPage();
  const weddings = (await getWeddings()).map((w) => ({ slug: w.slug, couple: w.couple }));
  return (
    <div className={`container ${styles.shell}`}>
      <h1>Obsah webu</h1>
      <HomeForm initial={doc.home} />
      <AboutPageForm initial={doc.home} shown={{ heading: about.data.heading, lead: about.data.lead, body: about.source, facts: about.data.facts }} />
      <PricingForm initial={doc.pricing} />
      <FaqForm initial={doc.faq} />
      <TestimonialsForm initial={doc.testimonials} weddings={weddings} />
    </div>
  );
}
