import 'server-only';
import { getDb, getDbHandle } from '@/db/db.server';
import { vacuumIfDue, PGLITE_VACUUM_INTERVAL_MS } from '@/db/vacuum.server';
import { runExclusive } from './locks.server';
import { deliverPendingMail } from './mail.server';
import { log } from './log';
import { pruneRateLimits } from './rate-limit.server';

/**
 * Scheduled work. Domains describe their jobs (`Job`); the app hands the full list to startJobs() once per process
 * (src/wiring.server.ts). An `exclusive` job runs on one instance at a time across every instance sharing the
 * database (runExclusive: a transaction-scoped advisory lock on PostgreSQL, an in-process guard on PGlite).
 */
export interface Job {
  name: string;
  everyMs: number;
  exclusive: boolean;
  run: (now: Date) => Promise<void>;
}

/** Delay of every job's first run: shortly after start, not during it. */
const FIRST_RUN_MS = 5_000;

const g = globalThis as unknown as { __jobTimers?: Map<string, NodeJS.Timeout>; __lastVacuum?: { at: number } };

/** One run of a job (exported for tests); false when another instance held the lock. */
export async function runJob(job: Job, now = new Date()): Promise<boolean> {
  if (!job.exclusive) {
    await job.run(now);
    return true;
  }
  const outcome = await runExclusive(await getDbHandle(), job.name, () => job.run(now));
  return outcome.ran;
}

export function startJobs(jobs: Job[]): void {
  const timers = (g.__jobTimers ??= new Map());
  for (const job of jobs) {
    if (timers.has(job.name)) continue;
    const run = () =>
      void runJob(job).catch((err: unknown) => {
        log.warn('scheduled job failed; it runs again at its next interval', { job: job.name, err });
      });
    const timer = setInterval(run, job.everyMs);
    timer.unref();
    timers.set(job.name, timer);
    setTimeout(run, FIRST_RUN_MS).unref();
  }
}

/** The platform's own jobs: mail retries, rate-limit upkeep and the embedded database's vacuum. */
export function platformJobs(): Job[] {
  return [
    // Mail rows are claimed one by one, so any instance may retry them.
    { name: 'mail delivery', everyMs: 60_000, exclusive: false, run: async () => deliverPendingMail(await getDb()) },
    {
      // Rate-limit windows older than a day are never read again (every limiter's window is shorter).
      name: 'rate-limit prune',
      everyMs: 60_000,
      exclusive: true,
      run: async (now) => pruneRateLimits(await getDb(), 86_400_000, now.getTime()),
    },
    {
      // The embedded database has no autovacuum: vacuum and analyse it once an hour (the first run after start too).
      name: 'pglite vacuum',
      everyMs: PGLITE_VACUUM_INTERVAL_MS,
      exclusive: false,
      run: async (now) => void (await vacuumIfDue(await getDbHandle(), (g.__lastVacuum ??= { at: 0 }), now.getTime())),
    },
  ];
}
