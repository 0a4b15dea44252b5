import 'server-only';
import { createEvent, createEvents, type EventAttributes } from 'ics';
import { addDays } from '@/platform/dates';
import type { InquiryDetail } from './types';
import { STATUS_LABELS } from './statuses';

function dateArray(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y, m, d];
}

function coupleName(i: Pick<InquiryDetail, 'partner1' | 'partner2'>): string {
  return i.partner2 ? `${i.partner1} & ${i.partner2}` : i.partner1;
}

function weddingEvent(i: InquiryDetail, host: string): EventAttributes {
  const date = i.weddingDate as string;
  const place = [i.venue, i.town].filter(Boolean).join(', ');
  return {
    uid: `inquiry-${i.reference}@${host}`,
    start: dateArray(date),
    end: dateArray(addDays(date, 1)),
    title: `Svatba ${coupleName(i)} (${STATUS_LABELS[i.status].toLowerCase()})`,
    description: [
      `Poptávka ${i.reference}`,
      `Stav: ${STATUS_LABELS[i.status]}`,
      i.ceremonyTime ? `Obřad: ${i.ceremonyTime}` : '',
      i.phone ? `Telefon: ${i.phone}` : '',
      i.email ? `E-mail: ${i.email}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    location: place || undefined,
    status: i.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
    busyStatus: 'BUSY',
    productId: 'svatebni-fotograf/bookings',
  };
}

/** The photographer's subscription feed: every held and confirmed wedding as an all-day event. */
export function weddingsFeed(items: InquiryDetail[], host: string): string {
  const events = items.filter((i) => i.weddingDate).map((i) => weddingEvent(i, host));
  const { error, value } = createEvents(events, { productId: 'svatebni-fotograf/bookings', calName: 'Svatby – rezervace', method: 'PUBLISH' });
  if (error || value === null) throw new Error(`ICS feed: ${error?.message ?? 'no output'}`);
  return value;
}

/** The invite attached to the confirmation e-mail for the couple. */
export function confirmationInvite(i: InquiryDetail, host: string, organizer: { name: string; email: string }): string {
  const event: EventAttributes = {
    ...weddingEvent(i, host),
    title: `Svatební focení – ${coupleName(i)}`,
    description: `Vaše svatba je potvrzena (rezervace ${i.reference}). Těším se na vás!`,
    status: 'CONFIRMED',
    method: 'REQUEST',
    organizer: { name: organizer.name, email: organizer.email },
    attendees: i.email ? [{ name: coupleName(i), email: i.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }] : [],
  };
  const { error, value } = createEvent(event);
  if (error || value === null) throw new Error(`ICS invite for ${i.reference}: ${error?.message ?? 'no output'}`);
  return value;
}
