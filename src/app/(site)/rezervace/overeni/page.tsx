import type { Metadata } from 'next';
import { appDeps } from '@/bookings/runtime.server';
import { termPlaceholders } from '@/site/public.server';
import { isValidIsoDate } from '@/platform/dates';
import { initialFormState } from '@/bookings/form-submit.server';
import { getPackageOptions } from '@/bookings/packages';
import { checkDate, publicAvailability } from '@/bookings/page-data.server';
import { ReservationView } from '@/bookings/ui/reservation-view';
import { AvailabilityCalendar } from '@/bookings/ui/availability-calendar';
import { firstParam, type SearchParams } from '@/platform/search-params';

export const metadata: Metadata = {
  title: 'Rezervace termínu',
  description: 'Ověřte si, zda je váš svatební termín volný, a pošlete mi nezávaznou poptávku svatebního focení.',
  alternates: { canonical: '/rezervace' },
};

/**
 * /rezervace with a query (`?termin=` date check, `?balicek=` preselected package, `?datum=`, `?mesic=` calendar
 * month) rendered per request: the proxy rewrites those URLs here, and the inquiry form posts here without
 * JavaScript (its answer renders with the page). Availability and the form's start token are read for this visit.
 */
export const dynamic = 'force-dynamic';

export default async function ReservationForVisitPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const data = await publicAvailability();
  const termin = firstParam(sp, 'termin')?.slice(0, 20);
  const check = checkDate(termin, data);
  const packages = getPackageOptions();
  const balicek = firstParam(sp, 'balicek');
  const prefill: Record<string, string> = {};
  if (balicek && packages.some((p) => p.id === balicek)) prefill.packageId = balicek;
  const datum = firstParam(sp, 'datum') ?? (check.kind === 'free' ? check.date : undefined);
  if (datum && isValidIsoDate(datum)) prefill.weddingDate = datum;
  const mesic = firstParam(sp, 'mesic');
  const initialMonth = mesic && /^\d{4}-\d{2}$/.test(mesic) ? mesic : undefined;
  const initial = await initialFormState('full', appDeps().getDb, prefill);
  const t = termPlaceholders();
  return (
    <ReservationView
      today={data.today}
      lastDay={data.lastDay}
      taken={data.taken}
      check={check}
      termin={termin}
      balicek={balicek}
      initialMonth={initialMonth}
      // The month grid in this page's HTML (a visitor without JavaScript opens it here); the cached page loads its
      // code only when the calendar is opened.
      calendar={data.taken ? <AvailabilityCalendar taken={data.taken} today={data.today} lastDay={data.lastDay} initialMonth={initialMonth} /> : undefined}
      initial={initial}
      packages={packages}
      terms={{ holdDays: t.holdDays, depositPercent: t.depositPercent, depositDueDaysGen: t.depositDueDaysGen }}
    />
  );
}
