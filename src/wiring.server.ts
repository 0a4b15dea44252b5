import 'server-only';
import { accountsJobs } from '@/accounts/jobs.server';
import { accountsStartupSteps } from '@/accounts/startup.server';
import { emailsWithWeddingSince } from '@/bookings/public.server';
import { billingJobs } from '@/billing/public.server';
import { bookingsJobs } from '@/bookings/scheduler.server';
import { galleryDeliveryJobs } from '@/galleries/delivery-jobs.server';
import { clearContentCache } from '@/content/cache';
import { contentReadiness, contentStartupSteps } from '@/content/startup.server';
import { log } from '@/platform/log';
import { photoQueueLength, photosJobs, startPhotos } from '@/photos/public.server';
import { operationsJobs, operationsStartupSteps, type MetricSource } from '@/operations/public.server';
import { getDb } from '@/db/db.server';
import { platformJobs, startJobs } from '@/platform/jobs.server';
import type { ReadinessCheck } from '@/platform/readiness.server';
import type { StartupStep } from '@/platform/startup.server';
import { reloadSiteSettings, siteSender, siteStartupSteps } from '@/site/public.server';
import { setDefaultSender } from '@/platform/mail.server';

/**
 * The app's wiring: which domain start-up steps, readiness checks and scheduled jobs run. Platform code never
 * imports a domain; domains describe their own steps, checks and jobs, and this module (the app layer) lists them.
 * Used by src/instrumentation.ts (start-up) and src/app/api/ready/route.ts (readiness).
 */
export function startupSteps(): StartupStep[] {
  // Mail goes out in her name unless MAIL_FROM says otherwise.
  setDefaultSender(siteSender);
  return [
    // The saved settings first: the booking terms check and every page read them.
    ...siteStartupSteps(),
    ...accountsStartupSteps(),
    ...contentStartupSteps(),
    ...operationsStartupSteps(),
    {
      // Several instances on PostgreSQL share render-cache invalidations (LISTEN/NOTIFY); a message from another
      // instance also re-reads the saved site settings and drops this one's content cache. Off on PGlite
      // (docs/decisions/011-render-cache-csp.md).
      name: 'render cache sync',
      run: async () => {
        const { startRenderCacheSync } = await import('@/platform/render-cache/sync.server');
        log.info('render cache: ready', { sync: await startRenderCacheSync(async () => {
          clearContentCache();
          await reloadSiteSettings();
        }) });
      },
    },
    // Photos queued when the process last stopped are processed (in the supervised worker process).
    { name: 'photo queue', run: startPhotos },
    { name: 'scheduled jobs', run: async () => startJobs([...platformJobs(), ...accountsJobs({ weddingsSince: emailsWithWeddingSince }), ...bookingsJobs(), ...billingJobs(), ...photosJobs(), ...galleryDeliveryJobs(), ...operationsJobs()]) },
  ];
}

export function readinessChecks(): ReadinessCheck[] {
  return [contentReadiness];
}

/** Gauges other domains contribute to GET /api/metrics. */
export function metricSources(): MetricSource[] {
  return [{ name: 'photo_queue_length', help: 'Photos waiting for processing', read: async () => photoQueueLength({ db: await getDb() }) }];
}
