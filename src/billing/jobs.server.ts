import 'server-only';
import { openDeps } from '@/bookings/public.server';
import type { Job } from '@/platform/jobs.server';
import { log } from '@/platform/log';
import { runDepositReminders } from './service.server';

/**
 * Deposit reminders (two days before the due date and on it) and the expiry mail once the hold has run out; on one
 * instance at a time. The hold itself is released by the bookings' hold-expiry job (its end is the day after the
 * deposit's due date, set when the contract is accepted).
 */
export function billingJobs(): Job[] {
  return [
    {
      name: 'deposit reminders',
      everyMs: 10 * 60_000,
      exclusive: true,
      run: async (now) => {
        const { db } = await openDeps();
        const done = await runDepositReminders(db, now);
        if (done.reminded || done.expired) log.info('deposit reminders', done);
      },
    },
  ];
}
