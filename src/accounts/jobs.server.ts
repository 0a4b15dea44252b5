import 'server-only';
import { getDb } from '@/db/db.server';
import type { Job } from '@/platform/jobs.server';
import { pruneLoginFailures } from './builtin/login-throttle';

/** The accounts domain's scheduled work: forget sign-in failure streaks that no longer slow anyone down. */
export function accountsJobs(): Job[] {
  return [
    {
      name: 'accounts: prune sign-in failures',
      everyMs: 3_600_000,
      exclusive: true,
      run: async (now) => pruneLoginFailures(await getDb(), now.getTime()),
    },
  ];
}
