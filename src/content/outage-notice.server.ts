import 'server-only';
import { getEnv } from '@/platform/env';
import { TIME_ZONE } from '@/platform/dates';
import { getCachedContent, getContentProvider } from './registry.server';
import { contentOutage } from './status';
import type { ContentSourceName } from './types';

/**
 * The admin's notice of a content source that does not answer (stale-if-error, docs/decisions/090-stale-if-error.md):
 * "Strapi neodpovídá od 11:10, zobrazuji poslední známý obsah." Reading the (cached) wedding list first makes a
 * cold process notice an outage before anyone else visited a page.
 */

export interface OutageNotice {
  source: ContentSourceName;
  text: string;
  since: string;
}

const LABELS: Record<ContentSourceName, string> = { local: 'Databáze', contentful: 'Contentful', strapi: 'Strapi' };

const timeOnly = new Intl.DateTimeFormat('cs-CZ', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('cs-CZ', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
const dayOnly = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

export function outageSince(since: Date, now: Date = new Date()): string {
  return dayOnly.format(since) === dayOnly.format(now) ? timeOnly.format(since) : dayAndTime.format(since);
}

async function noticeFor(name: ContentSourceName): Promise<OutageNotice | null> {
  await getCachedContent(name).getWeddings();
  const outage = contentOutage(name);
  if (!outage) return null;
  const lastGood = await getContentProvider(name).lastGoodWeddingCount();
  const shown = lastGood ? 'zobrazuji poslední známý obsah' : 'zobrazuji ukázkové svatby, protože poslední známý obsah nemám';
  return { source: name, since: outage.since, text: `${LABELS[name]} neodpovídá od ${outageSince(new Date(outage.since))}, ${shown}.` };
}

/** Notices for the configured source and, when the /strapi-* pages read another Strapi, for that one. Never throws. */
export async function contentOutageNotices(): Promise<OutageNotice[]> {
  const env = getEnv();
  const names: ContentSourceName[] = [env.CONTENT_SOURCE];
  if (env.CONTENT_SOURCE !== 'strapi' && env.STRAPI_URL) names.push('strapi');
  const notices = await Promise.all(names.map((n) => noticeFor(n).catch(() => null)));
  return notices.filter((n): n is OutageNotice => n !== null);
}
