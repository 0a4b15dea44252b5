'use client';
import { usePathname } from 'next/navigation';
import { isAdminPath } from '@/ui/layout/public-only';
import { useEffect, useRef, useState } from 'react';
import { CONSENT_COOKIE, CONSENT_EVENT, PREFERENCES_EVENT, loadConsentRuntime, type ConsentDetail, type PreferencesDetail } from './consent-events';
import { ConsentBanner, type ConsentAnswer } from './consent-banner';
import type { ConsentBannerTexts, ConsentConfig } from './consent-texts';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    [key: `ga-disable-${string}`]: boolean | undefined;
  }
}

/** Whether the browser holds a stored choice at all (its validity is the library's to judge). */
function hasStoredChoice(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${CONSENT_COOKIE}=`));
}

/**
 * Analytics run only in the browser and only after consent: first-party page-view counts and, when a
 * measurement id is configured, Google's tag (loaded here, after consent, with the page's CSP nonce).
 * Failures are swallowed with a warning; analytics never breaks a page.
 *
 * The banner's first layer is rendered here, without the consent library: on a first visit (no `cc_cookie`) it
 * appears when the page is idle, and the library loads only once the visitor answers it or opens the settings.
 * With a stored choice the library loads at idle to read and check it, and the banner appears only if the
 * library finds it no longer valid (docs/decisions/056-first-load-js.md).
 */
export function ConsentManager({ measurementId, config, texts }: { measurementId?: string; config: ConsentConfig; texts: ConsentBannerTexts }) {
  const pathname = usePathname();
  const [analytics, setAnalytics] = useState(false);
  const [needsChoice, setNeedsChoice] = useState(false);
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const gtagLoaded = useRef(false);
  const { externalAnalytics, cookieMonths, consentMonths } = config;

  useEffect(() => {
    const onConsent = (event: Event) => {
      const detail = (event as CustomEvent<ConsentDetail>).detail;
      setAnalytics(detail.analytics);
      setNeedsChoice(!detail.chosen);
    };
    const onPreferences = (event: Event) => setPreferencesOpen((event as CustomEvent<PreferencesDetail>).detail.open);
    window.addEventListener(CONSENT_EVENT, onConsent);
    window.addEventListener(PREFERENCES_EVENT, onPreferences);
    const start = () => {
      if (!hasStoredChoice()) {
        setNeedsChoice(true);
        return;
      }
      loadConsentRuntime()
        .then((m) => m.startConsent({ externalAnalytics, cookieMonths, consentMonths }))
        .catch((err: unknown) => console.warn('Souhlas s cookies se nepodařilo načíst', err));
    };
    // The banner or the stored choice once the page is idle, so neither competes with the content.
    const hasIdle = typeof window.requestIdleCallback === 'function';
    const handle = hasIdle ? window.requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200);
    return () => {
      window.removeEventListener(CONSENT_EVENT, onConsent);
      window.removeEventListener(PREFERENCES_EVENT, onPreferences);
      if (hasIdle) window.cancelIdleCallback(handle as number);
      else clearTimeout(handle);
    };
  }, [externalAnalytics, cookieMonths, consentMonths]);

  const answer = (choice: ConsentAnswer) => {
    setBusy(true);
    loadConsentRuntime()
      .then(async (m) => {
        await m.startConsent({ externalAnalytics, cookieMonths, consentMonths });
        if (choice === 'all') m.acceptAll();
        else if (choice === 'necessary') m.acceptNecessary();
        else m.showConsentPreferences();
      })
      .catch((err: unknown) => console.warn('Souhlas s cookies se nepodařilo uložit', err))
      .finally(() => setBusy(false));
  };

  useEffect(() => {
    if (measurementId) window[`ga-disable-${measurementId}`] = !analytics;
    if (!analytics) return;
    fetch('/api/analytics/pageview', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: pathname }),
      credentials: 'omit',
      keepalive: true,
    }).catch((err: unknown) => console.warn('Počítání návštěv selhalo', err));
    if (!measurementId) return;
    if (!gtagLoaded.current) {
      gtagLoaded.current = true;
      window.dataLayer = window.dataLayer ?? [];
      window.gtag = function gtag() {
        // gtag.js expects the arguments object itself.
        // eslint-disable-next-line prefer-rest-params
        window.dataLayer?.push(arguments);
      };
      window.gtag('js', new Date());
      // The cookie lifetime the banner and the privacy notice state (30-day months, so never longer than promised).
      window.gtag('config', measurementId, { send_page_view: false, cookie_expires: cookieMonths * 30 * 86_400 });
      const script = document.createElement('script');
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
      const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
      if (nonce) script.nonce = nonce;
      script.onerror = () => console.warn('Google Analytics se nepodařilo načíst');
      document.head.appendChild(script);
    }
    window.gtag?.('event', 'page_view', { page_path: pathname });
  }, [analytics, pathname, measurementId, cookieMonths]);

  // Not over the admin's forms (the setup form on a phone): her section sets no optional cookie, and the banner
  // waits for her first public page.
  if (!needsChoice || preferencesOpen || isAdminPath(pathname)) return null;
  return <ConsentBanner texts={texts} busy={busy} onAnswer={answer} />;
}
