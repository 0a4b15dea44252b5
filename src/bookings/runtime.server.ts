import 'server-only';
import { after } from 'next/server';
import type { Db } from '@/db/client';
import { getDb } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import { deliverPendingMail } from '@/platform/mail.server';
import { log } from '@/platform/log';
import { bookingConfig } from './config';
import { getPackageOptions } from './packages';
import type { HttpDeps } from './http.server';

/** Wiring for Next: the process database, env config and after-response mail delivery. */
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

export function appDeps(): HttpDeps {
  return {
    getDb,
    config: bookingConfig(getEnv()),
    packageIds: getPackageOptions().map((p) => p.id),
    deliver: deliverAfterResponse,
  };
}
