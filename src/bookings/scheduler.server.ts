import 'server-only';
import type { Job } from '@/platform/jobs.server';
import { openDeps } from './runtime.server';
import { pruneClaimTokens } from './claims.server';
import { runMaintenance } from './service.server';

/**
 * The bookings domain's scheduled work, once a minute on one instance at a time: release expired holds, anonymise
 * closed inquiries past retention and compact the admin list's counts. The app starts it with the other jobs.
 */
export function bookingsJobs(): Job[] {
  return [
    {
      name: 'bookings maintenance',
      everyMs: 60_000,
      exclusive: true,
      run: async (now) => {
        const { db, config } = await openDeps();
        await runMaintenance(db, config, now);
        await pruneClaimTokens(db, now);
      },
    },
  ];
}
