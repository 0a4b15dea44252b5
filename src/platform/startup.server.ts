import 'server-only';
import { getEnv } from './env';
import { getDbHandle } from '@/db/db.server';
import { log } from './log';

/**
 * SPEC §4 start-up: configuration, then database, then each service, exactly once per process and shared by
 * concurrent first requests. Domains register extra steps (e.g. the admin setup link) in startup-steps.server.ts.
 * A failing step is logged with its name and re-thrown: the process exits instead of serving half-working.
 */
export interface StartupStep {
  name: string;
  run: () => Promise<void>;
}

const g = globalThis as unknown as { __startup?: Promise<void> };

export function startup(): Promise<void> {
  if (!g.__startup) g.__startup = runStartup();
  return g.__startup;
}

async function runStartup(): Promise<void> {
  const { extraStartupSteps } = await import('./startup-steps.server');
  const steps: StartupStep[] = [
    { name: 'configuration', run: async () => void getEnv() },
    { name: 'database', run: async () => void (await getDbHandle()) },
    ...extraStartupSteps(),
  ];
  for (const step of steps) {
    try {
      await step.run();
    } catch (err) {
      log.error(`Start-up failed at step "${step.name}"`, { err });
      // Next swallows errors from register(); make sure a broken start is not a half-working server.
      if (process.env.NODE_ENV === 'production' && process.env.VITEST === undefined) {
        process.stderr.write(`\nSpuštění selhalo v kroku "${step.name}": ${err instanceof Error ? err.message : String(err)}\n`);
        process.exit(1);
      }
      throw err;
    }
  }
  log.info('start-up complete', { steps: steps.map((s) => s.name) });
}
