import type { Env } from '../env';

/**
 * The one decision whether the site uses Google Analytics: an id or a configuration URL is set. The cookie banner,
 * the footer's settings, the privacy notice and the cookie list all ask this, so they never disagree (the tag itself
 * loads only once the id is known and the visitor consented).
 */
export function googleAnalyticsConfigured(env: Pick<Env, 'ANALYTICS_MEASUREMENT_ID' | 'ANALYTICS_CONFIG_URL'>): boolean {
  return Boolean(env.ANALYTICS_MEASUREMENT_ID || env.ANALYTICS_CONFIG_URL);
}
