import 'server-only';
import { after } from 'next/server';
import type { Db } from '@/db/client';
import { getDb } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import { deliverPendingMail } from '@/platform/mail.server';
import { log } from '@/platform/log';
import { bookingConfig, type BookingConfig } from './config';
import { getPackageOptions } from './packages';
import type { HttpDeps } from './http.server';

export function deliverAfterResponse(db: Db, mailIds: number[]): void {
  if (!mailIds.length) return;
  after(async () => {
    try {
      await deliverPendingMail(db, { ids: mailIds });
    } catch (err) {
      log.warn('mail delivery after response failed; the scheduler retries', { err });
    }
  });
}

/**
 * The bookings domain's one dependency wiring for Next: the process database, env config, the price list's package
 * ids and after-response mail delivery. Routes, actions, pages and jobs all take their dependencies from here.
 */
export function appDeps(): HttpDeps {
  return {
    getDb,
    config: bookingConfig(getEnv()),
    packageIds: getPackageOptions().map((p) => p.id),
    deliver: deliverAfterResponse,
  };
}

/** appDeps() with the database opened (admin pages and actions, jobs). */
export async function openDeps(): Promise<{ db: Db; config: BookingConfig }> {
  const deps = appDeps();
  return { db: await deps.getDb(), config: deps.config };
}
