import 'server-only';
import { getDb } from '@/db/db.server';
import { log } from '@/platform/log';
import type { StartupStep } from '@/platform/startup.server';
import { loadSiteSettings } from './settings.server';

/** The site layer's start-up step: the saved settings are in memory before any page or e-mail reads them. */
export function siteStartupSteps(): StartupStep[] {
  return [
    {
      name: 'site settings',
      run: async () => log.info('site settings: ready', { savedSections: await loadSiteSettings(await getDb()) }),
    },
  ];
}

/** After another instance saved settings (its render-cache invalidation arrived): read them again. */
export async function reloadSiteSettings(): Promise<void> {
  try {
    await loadSiteSettings(await getDb());
  } catch (err) {
    log.error('site settings: reload failed; keeping the values in memory', { err });
  }
}
