import { localToday } from '@/platform/dates';
import type { FormState } from '@/bookings/form-state';
import { ContactForm } from './contact-form';

/**
 * Drop-in server component for /kontakt. The page is served from the render cache, so the form is rendered
 * without its per-visitor start token and key; ContactForm fetches them after hydration.
 */
export function ContactFormSection({ title = 'Napište mi' }: { title?: string }) {
  const initial: FormState = { kind: 'contact', status: 'idle', errors: {}, values: {}, started: '', key: '', attempt: 0 };
  return (
    <section aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{title}</h2>
      <ContactForm initial={initial} today={localToday()} />
    </section>
  );
}
