import 'server-only';
import type { ReadinessCheck } from '@/platform/readiness.server';
import type { StartupStep } from '@/platform/startup.server';
import { log } from '@/platform/log';
import { EnvError, getEnv } from '@/platform/env';
import { getContentProvider, getContentStatus } from './registry.server';
import { getTerms, termsEnvProblems } from '@/site/public.server';

/** The content domain's start-up steps and readiness check (the app wires both). */
export function contentStartupSteps(): StartupStep[] {
  return [
    {
      // content/terms.json is validated (a broken file stops the start), and HOLD_DAYS / RETENTION_MONTHS may only
      // repeat it: the pages promise what the booking system does.
      name: 'booking terms',
      run: async () => {
        const terms = getTerms();
        const problems = termsEnvProblems(getEnv(), terms);
        if (problems.length) throw new EnvError(problems);
        log.info('booking terms: ready', { holdDays: terms.holdDays, depositPercent: terms.depositPercent });
      },
    },
    {
      // Records the terms in force as a dated, immutable version when they differ from the latest one (a deploy
      // with changed terms, or changed settings), so every inquiry can point at the text it was sent under.
      name: 'terms versions',
      run: async () => {
        const { getDb } = await import('@/db/db.server');
        const { ensureCurrentTermsVersion } = await import('./terms-versions.server');
        const version = await ensureCurrentTermsVersion(await getDb());
        log.info('terms versions: ready', { current: version.slug });
      },
    },
    {
      // The home hero's ready-made AVIF variant for a phone (828 px: what a 390 px screen at 2× picks) when it is a
      // sample photograph (src/content/placeholder-variants.ts), made in the background so the first phone's
      // largest paint does not wait for an encoder. The other widths are made on first request: encoding all six
      // at start-up left ≈ 150–200 MB more resident memory in the idle server (bench, memory budget 300 MB).
      name: 'sample hero variants',
      run: async () => {
        const { getHomeContent, shippedHomeImages } = await import('@/site/public.server');
        const { placeholderVariantWidths } = await import('./placeholder-variants');
        const { renderPlaceholderVariant } = await import('./placeholder-render');
        const PHONE_WIDTH = 828;
        const heroes = [getHomeContent().hero.image, shippedHomeImages().hero].flatMap((ref) => ('placeholder' in ref ? [ref] : []));
        const unique = [...new Map(heroes.map((ref) => [`${ref.placeholder}/${ref.width}x${ref.height}`, ref])).values()];
        void (async () => {
          for (const ref of unique) {
            for (const w of placeholderVariantWidths(ref.width).filter((x) => x === PHONE_WIDTH)) await renderPlaceholderVariant(ref.placeholder, ref.width, ref.height, w, 'avif');
          }
          log.info('sample hero variants: ready', { heroes: unique.length });
        })().catch((err: unknown) => log.warn('sample hero variants: not made now (made on first request)', { err }));
      },
    },
    // Studio photos are processed by the photo module's queue (started by its own step); a finished public one
    // expires the cached pages.
    { name: 'studio photos', run: async () => (await import('./studio/runtime.server')).listenForStudioPhotos() },
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
