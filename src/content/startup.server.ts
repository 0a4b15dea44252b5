import 'server-only';
import type { ReadinessCheck } from '@/platform/readiness.server';
import type { StartupStep } from '@/platform/startup.server';
import { log } from '@/platform/log';
import { getContentProvider, getContentStatus } from './registry';

/** The content domain's start-up step and readiness check (the app wires both). */
export function contentStartupSteps(): StartupStep[] {
  return [
    {
      // Picks the provider from CONTENT_SOURCE (an unknown name fails listing the valid ones). No network call:
      // a slow or down CMS must not stop the site starting (it falls back to sample data; /api/ready reports it).
      name: 'content source',
      run: async () => void log.info('content source: ready', { source: getContentProvider().name }),
    },
  ];
}

export const contentReadiness: ReadinessCheck = {
  name: 'content',
  check: async () => {
    const status = await getContentStatus();
    if (!status.answered) throw new Error(`${status.source}: ${status.error ?? 'no answer'}`);
    return `${status.source} (${status.itemCount} items)`;
  },
};
