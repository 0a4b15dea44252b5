import { appDeps } from '@/bookings/runtime.server';
import { localToday } from '@/platform/dates';
import { initialFormState } from '@/bookings/form-submit.server';
import { ContactForm } from './contact-form';

/** Drop-in server component for /kontakt: prepares a fresh form state and renders the contact form. */
export async function ContactFormSection({ title = 'Napište mi' }: { title?: string }) {
  const initial = await initialFormState('contact', appDeps().getDb);
  return (
    <section aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{title}</h2>
      <ContactForm initial={initial} today={localToday()} />
    </section>
  );
}
