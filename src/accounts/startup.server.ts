import 'server-only';
import type { StartupStep } from '@/platform/startup.server';
import { log } from '@/platform/log';
import { accountsConfig } from './config';

/** The accounts domain's start-up steps (the app runs them after configuration and database). */
export function accountsStartupSteps(): StartupStep[] {
  return [
    { name: 'admin setup link', run: async () => (await import('./setup.server')).announceAdminSetup() },
    {
      name: 'account client',
      run: async () => {
        const config = accountsConfig();
        log.info('account client: ready', { source: config.source, version: config.version });
      },
    },
  ];
}
