import type { Metadata } from 'next';
import { termPlaceholders } from '@/site/public.server';
import { addDays, localToday } from '@/platform/dates';
import { MAX_AVAILABILITY_DAYS } from '@/bookings/config';
import type { FormState } from '@/bookings/form-state';
import { getPackageOptions } from '@/bookings/packages';
import { ReservationView } from '@/bookings/ui/reservation-view';

export const metadata: Metadata = {
  title: 'Rezervace termínu',
  description: 'Ověřte si, zda je váš svatební termín volný, a pošlete mi nezávaznou poptávku svatebního focení.',
  alternates: { canonical: '/rezervace' },
};

/**
 * Served from the render cache like the other public pages (docs/decisions/096-lighter-document.md): the form
 * shell carries nothing per visitor. The taken dates and the date check come from `GET /api/availability`, the
 * form's start token and key from a server action after hydration. `?termin=`, `?balicek=`, `?datum=` and
 * `?mesic=` (the same page without JavaScript) are rendered per request by `./overeni`, where the form also
 * posts without JavaScript.
 */
export default function ReservationPage() {
  const today = localToday();
  const initial: FormState = { kind: 'full', status: 'idle', errors: {}, values: {}, started: '', key: '', attempt: 0 };
  const t = termPlaceholders();
  return (
    <ReservationView
      today={today}
      lastDay={addDays(today, MAX_AVAILABILITY_DAYS)}
      check={{ kind: 'none' }}
      initial={initial}
      packages={getPackageOptions()}
      terms={{ holdDays: t.holdDays, depositPercent: t.depositPercent, depositDueDaysGen: t.depositDueDaysGen }}
    />
  );
}
