import { sql } from 'drizzle-orm';
import type { DbHandle } from '@/db/client';
import type { BookingConfig } from '@/bookings/config';
import { addDays, localToday } from '@/platform/dates';

export const testConfig: BookingConfig = {
  capacityPerDay: 1,
  holdDays: 14,
  retentionMonths: 12,
  contractRetentionMonths: 36,
  accountRetentionMonths: 12,
  minFillMs: 0,
  ratePerClient: 1000,
  rateGlobal: 1000,
};

export async function resetBookings(h: DbHandle): Promise<void> {
  await h.db.execute(sql`TRUNCATE inquiries, inquiry_status_history, inquiry_notes, mail_outbox, rate_limits RESTART IDENTITY CASCADE`);
  await h.db.execute(sql`DELETE FROM app_settings WHERE key LIKE 'bookings.%'`);
}

/** A valid full inquiry for a date `daysAhead` from today. */
export function validInquiry(daysAhead = 200, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    partner1: 'Jana Nováková',
    partner2: 'Petr Svoboda',
    email: 'jana@example.cz',
    phone: '+420 777 123 456',
    weddingDate: addDays(localToday(), daysAhead),
    venue: 'Zámek Lednice',
    town: 'Lednice',
    ceremonyTime: '14:00',
    guestCount: 80,
    packageId: 'cely-den',
    hours: 8,
    message: 'Těšíme se!',
    source: 'instagram',
    consent: true,
    marketingConsent: false,
    ...over,
  };
}

export async function countRows(h: DbHandle, table: 'inquiries' | 'mail_outbox' | 'inquiry_status_history'): Promise<number> {
  const res = await h.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  const rows = (Array.isArray(res) ? res : (res as { rows: { n: number }[] }).rows) as { n: number }[];
  return Number(rows[0].n);
}
