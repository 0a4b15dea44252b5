import 'server-only';
import type { StartupStep } from './startup.server';
import { startBookingsScheduler } from '@/bookings/scheduler.server';
import { getContentProvider } from '@/content/registry';
import { accountsConfig } from '@/accounts/config';
import { log } from './log';

/**
 * Domain start-up steps, in order (they run after configuration + database and before mail, storage and
 * analytics — see startup.server.ts). Each domain adds its own line here.
 */
export function extraStartupSteps(): StartupStep[] {
  return [
    { name: 'admin setup link', run: async () => (await import('@/accounts/setup.server')).announceAdminSetup() },
    { name: 'bookings scheduler', run: async () => startBookingsScheduler() },
    {
      // Picks the provider from CONTENT_SOURCE (an unknown name fails listing the valid ones). No network call:
      // a slow or down CMS must not stop the site starting (it falls back to sample data; /api/ready reports it).
      name: 'content source',
      run: async () => void log.info('content source: ready', { source: getContentProvider().name }),
    },
    // Resumes photo processing left unfinished by the previous run (the queue's state is in the database).
    { name: 'studio photo queue', run: async () => (await import('@/content/studio/runtime.server')).startStudioQueue() },
    {
      name: 'account client',
      run: async () => {
        const config = accountsConfig();
        log.info('account client: ready', { source: config.source, version: config.version });
      },
    },
  ];
}
