import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';
import { fontVariables } from '@/ui/fonts';
import { SiteHeader } from '@/ui/layout/site-header';
import { SiteFooter } from '@/ui/layout/site-footer';
import { getSiteInfo, getTerms } from '@/site/public.server';
import { siteUrl } from '@/platform/env';
import { RouteEffects } from '@/ui/layout/route-effects';
import { IntentPrefetch } from '@/ui/layout/intent-prefetch';
import { siteIconHref, SITE_ICON_SIZE } from '@/ui/layout/site-icon';
import { PublicOnly } from '@/ui/layout/public-only';
import { SessionProvider } from '@/accounts/session-provider';
import { getEnv } from '@/platform/env';
import { ownBuild } from '@/platform/build/build-info.server';
import { currentMeasurementId } from '@/platform/analytics/measurement-id';
import { googleAnalyticsConfigured } from '@/platform/analytics/configured';
import { BuildWatcher } from '@/ui/build-watcher/build-watcher';
import { ConsentManager } from '@/ui/consent/consent-manager';
import { consentBannerTexts } from '@/ui/consent/consent-texts';

export async function generateMetadata(): Promise<Metadata> {
  const site = getSiteInfo();
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: `${site.photographer.brand} – svatební fotografka`, template: `%s | ${site.photographer.brand}` },
    description: site.photographer.tagline,
    openGraph: { type: 'website', locale: 'cs_CZ', siteName: site.photographer.brand },
    formatDetection: { telephone: false },
    // Her initials as a PNG (docs/decisions/107-favicon-as-png.md).
    icons: { icon: [{ url: siteIconHref(site.photographer.name), type: 'image/png', sizes: `${SITE_ICON_SIZE}x${SITE_ICON_SIZE}` }] },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#faf7f2',
};

/**
 * The shell of every page. It reads nothing per visitor (no cookies, no request headers), so public pages can be
 * served from the render cache (docs/decisions/011-render-cache-csp.md): the session is loaded by the client and
 * the build id and analytics id are per process.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  const env = getEnv();
  const build = ownBuild();
  const measurementId = currentMeasurementId(env.ANALYTICS_MEASUREMENT_ID);
  const terms = getTerms();
  const consent = { externalAnalytics: googleAnalyticsConfigured(env), cookieMonths: terms.analyticsCookieMonths, consentMonths: terms.consentCookieMonths };
  return (
    <html lang="cs" className={fontVariables} data-build-id={build.id}>
      <body>
        <a className="skip-link" href="#main">
          Přeskočit na obsah
        </a>
        <SessionProvider>
          <PublicOnly>
            <SiteHeader />
          </PublicOnly>
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <PublicOnly>
            <SiteFooter />
          </PublicOnly>
          <RouteEffects />
          <IntentPrefetch />
        </SessionProvider>
        <BuildWatcher buildId={build.id} intervalMs={env.BUILD_CHECK_INTERVAL_MS} />
        <ConsentManager measurementId={measurementId} config={consent} texts={consentBannerTexts(consent)} />
      </body>
    </html>
  );
}
