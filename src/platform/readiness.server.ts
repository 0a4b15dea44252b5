import 'server-only';
import { sql } from 'drizzle-orm';
import { getDbHandle } from '@/db/db.server';
import { getContentStatus } from '@/content/registry';
import { log } from './log';
import { isShuttingDown } from './shutdown.server';

export interface CheckResult {
  ok: boolean;
  ms: number;
  detail?: string;
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
    return { ok: false, ms: Math.round(performance.now() - start), detail: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(requestId?: string): Promise<Readiness> {
  const checks: Record<string, CheckResult> = {};
  if (isShuttingDown()) checks.process = { ok: false, ms: 0, detail: 'shutting down' };
  // Both checks run at once, each bounded by TIMEOUT_MS.
  const database = timed(async () => {
    const handle = await getDbHandle();
    await handle.db.execute(sql`SELECT 1`);
    return handle.kind;
  });
  const content = timed(async () => {
    const status = await getContentStatus();
    if (!status.answered) throw new Error(`${status.source}: ${status.error ?? 'no answer'}`);
    return `${status.source} (${status.itemCount} items)`;
  });
  [checks.database, checks.content] = await Promise.all([database, content]);
  const ready = Object.values(checks).every((c) => c.ok);
  if (!ready) log.warn('not ready', { requestId, checks });
  return { ready, checks };
}
