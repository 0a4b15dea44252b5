import 'server-only';
import { getDb } from '@/db/db.server';
import type { Job } from '@/platform/jobs.server';
import { getTerms } from '@/site/public.server';
import { pruneLoginFailures } from './builtin/login-throttle.server';
import { pruneProviderGrants } from './builtin/repository';
import { pruneRevokedTokens } from './builtin/service.server';
import { accountsConfig } from './config';
import { deleteInactiveAccounts, type WeddingsSince } from './retention.server';
import { log } from '@/platform/log';

/**
 * The accounts domain's scheduled work: forget sign-in failure streaks that no longer slow anyone down and used or
 * expired provider sign-in codes, and delete couples' accounts idle past the retention the privacy notice promises
 * (content/terms.json accountRetentionMonths).
 * The wedding dates come from the bookings domain, handed in by the wiring (bookings sits above accounts).
 */
export function accountsJobs(deps: { weddingsSince: WeddingsSince }): Job[] {
  return [
    {
      name: 'accounts: prune sign-in failures',
      everyMs: 3_600_000,
      exclusive: true,
      run: async (now) => pruneLoginFailures(await getDb(), now.getTime()),
    },
    {
      name: 'accounts: prune revoked tokens',
      everyMs: 3_600_000,
      exclusive: true,
      run: async (now) => pruneRevokedTokens(await getDb(), now.getTime()),
    },
    {
      name: 'accounts: prune provider grants',
      everyMs: 3_600_000,
      exclusive: true,
      run: async (now) => pruneProviderGrants(await getDb(), now),
    },
    {
      name: 'accounts: delete idle accounts',
      everyMs: 3_600_000,
      exclusive: true,
      run: async (now) => {
        const deleted = await deleteInactiveAccounts(await getDb(), { months: getTerms().accountRetentionMonths, adminRoleType: accountsConfig().adminRoleType, weddingsSince: deps.weddingsSince }, now);
        if (deleted) log.info('idle accounts deleted', { count: deleted });
      },
    },
  ];
}
