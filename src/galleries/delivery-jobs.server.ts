import 'server-only';
import type { Db } from '@/db/client';
import type { Job } from '@/platform/jobs.server';
import { log } from '@/platform/log';
import { listGalleries } from './admin.server';
import { reminderDays, sendExpiryReminder } from './mail.server';
import { galleryDeps } from './runtime.server';

const DAY_MS = 24 * 3600_000;

/**
 * Reminders to couples whose gallery expires within `galleryReminderDays` (content/terms.json): each expiry date
 * is reminded once (an extended gallery is reminded again before its new date). Returns how many went out.
 */
export async function sendDueReminders(db: Db, now: Date, days = reminderDays()): Promise<number> {
  const until = now.getTime() + days * DAY_MS;
  let sent = 0;
  for (const g of await listGalleries({ db })) {
    if (!g.published || !g.coupleEmail || !g.expiresAt) continue;
    const at = g.expiresAt.getTime();
    if (at <= now.getTime() || at > until) continue;
    if (await sendExpiryReminder(db, g)) sent++;
  }
  return sent;
}

/** The couple's side's scheduled work: the expiry reminders, hourly, on one instance. */
export function galleryDeliveryJobs(): Job[] {
  return [
    {
      name: 'gallery expiry reminders',
      everyMs: 3600_000,
      exclusive: true,
      run: async (now) => {
        const sent = await sendDueReminders((await galleryDeps()).db, now);
        if (sent > 0) log.info('galleries: expiry reminders queued', { sent });
      },
    },
  ];
}

/** Galleries whose couple e-mail is one of the account's proven addresses (for /ucet). */
export async function galleriesOfEmail(db: Db, email: string, now: Date): Promise<{ slug: string; title: string; weddingDate: string | null; expiresAt: Date | null; expired: boolean }[]> {
  const wanted = email.trim().toLowerCase();
  return (await listGalleries({ db }))
    .filter((g) => g.published && g.coupleEmail !== null && g.coupleEmail.trim().toLowerCase() === wanted)
    .map((g) => ({ slug: g.slug, title: g.title, weddingDate: g.weddingDate, expiresAt: g.expiresAt, expired: g.expiresAt !== null && g.expiresAt.getTime() <= now.getTime() }));
}
