import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { getEnv } from './env';
import { getDbHandle } from '@/db/db.server';
import { log } from './log';
import { getStorage } from './storage/storage.server';
import { startMeasurementIdResolution } from './analytics/measurement-id';

/**
 * Start-up, once per process and shared by concurrent first requests (one promise), in the order of
 * docs/spec.md §4 "Start-up": configuration → database → [domain steps: accounts, content source, scheduled jobs]
 * → mail → storage → analytics. Domains describe their steps; the app passes them in (src/wiring.server.ts). A failing
 * step is logged with its name and re-thrown; in production the process then exits non-zero instead of serving
 * half-working.
 */
export interface StartupStep {
  name: string;
  run: () => Promise<void>;
}

const g = globalThis as unknown as { __startup?: Promise<void> };

export function startup(domainSteps: StartupStep[]): Promise<void> {
  if (!g.__startup) g.__startup = runStartup(domainSteps);
  return g.__startup;
}

export class StartupError extends Error {
  constructor(
    public readonly step: string,
    cause: unknown,
  ) {
    super(`Spuštění selhalo v kroku "${step}": ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StartupError';
  }
}

/** Runs the steps in order; the first failure is logged with the step's name and re-thrown as StartupError. */
export async function runStartupSteps(steps: StartupStep[]): Promise<void> {
  for (const step of steps) {
    const started = Date.now();
    try {
      await step.run();
      log.debug('start-up step done', { step: step.name, ms: Date.now() - started });
    } catch (err) {
      log.error(`Start-up failed at step "${step.name}"`, { step: step.name, err });
      throw new StartupError(step.name, err);
    }
  }
  log.info('start-up complete', { steps: steps.map((s) => s.name) });
}

/** Memoise an async initialiser: concurrent callers share the one run; a failure is not retried. */
export function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= fn());
}

export function coreSteps(): { before: StartupStep[]; after: StartupStep[] } {
  return {
    before: [
      { name: 'configuration', run: async () => void getEnv() },
      { name: 'database', run: async () => void (await getDbHandle()) },
    ],
    after: [
      {
        name: 'mail',
        run: async () => {
          const url = getEnv().SMTP_URL;
          if (url && !/^smtps?:\/\//.test(url)) throw new Error('SMTP_URL musí začínat smtp:// nebo smtps://');
          log.info('mail: ready', { transport: url ? 'smtp' : 'outbox only' });
        },
      },
      {
        name: 'storage',
        run: async () => {
          const env = getEnv();
          const storage = getStorage();
          if (storage.driver === 'local') fs.mkdirSync(path.resolve(env.DATA_DIR, 'uploads'), { recursive: true });
          log.info('storage: ready', { driver: storage.driver });
        },
      },
      {
        name: 'analytics',
        // Server side only the measurement id is resolved (in the background); measuring happens in the browser.
        run: async () => {
          const env = getEnv();
          startMeasurementIdResolution(env.ANALYTICS_MEASUREMENT_ID, env.ANALYTICS_CONFIG_URL);
        },
      },
    ],
  };
}

async function runStartup(domainSteps: StartupStep[]): Promise<void> {
  const core = coreSteps();
  try {
    await runStartupSteps([...core.before, ...domainSteps, ...core.after]);
  } catch (err) {
    // Next does not stop the server when register() fails: exit, so nothing serves half-working.
    // NEXT_RUNTIME is set inside Next's server only (not in unit tests, which want the error).
    if (process.env.NODE_ENV === 'production' && process.env.NEXT_RUNTIME === 'nodejs') {
      process.stderr.write(`\n${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    }
    throw err;
  }
}
