import 'server-only';
import { sql } from 'drizzle-orm';
import { getDbHandle } from '@/db/db.server';
import { log } from './log';
import { isShuttingDown } from './shutdown.server';

export interface CheckResult {
  ok: boolean;
  ms: number;
  detail?: string;
  /** The real failure, for the log; never part of the public answer. */
  error?: string;
}

/** A domain's readiness check: resolves with a short detail, throws (or times out) when not ready. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<string | undefined>;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

const TIMEOUT_MS = 3000;

async function timed(fn: () => Promise<string | undefined>): Promise<CheckResult> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - start), ...(detail ? { detail } : {}) };
  } catch (err) {
    // The reason goes to the log only: error texts name internal hosts, and this endpoint is public.
    return { ok: false, ms: Math.round(performance.now() - start), detail: 'unavailable', error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** The database check plus the domains' checks (passed in by the app), all at once, each bounded by TIMEOUT_MS. */
export async function readiness(domainChecks: ReadinessCheck[], requestId?: string): Promise<Readiness> {
  const checks: Record<string, CheckResult> = {};
  if (isShuttingDown()) checks.process = { ok: false, ms: 0, detail: 'shutting down' };
  const all: ReadinessCheck[] = [
    {
      name: 'database',
      check: async () => {
        const handle = await getDbHandle();
        await handle.db.execute(sql`SELECT 1`);
        return handle.kind;
      },
    },
    ...domainChecks,
  ];
  const results = await Promise.all(all.map((c) => timed(c.check)));
  all.forEach((c, i) => (checks[c.name] = results[i]));
  const ready = Object.values(checks).every((c) => c.ok);
  if (!ready) log.warn('not ready', { requestId, checks });
  const shown: Record<string, CheckResult> = {};
  for (const [name, { ok, ms, detail }] of Object.entries(checks)) shown[name] = { ok, ms, ...(detail ? { detail } : {}) };
  return { ready, checks: shown };
}
