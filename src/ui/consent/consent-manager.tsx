'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { CONSENT_EVENT, loadConsentRuntime, type ConsentDetail } from './consent-events';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    [key: `ga-disable-${string}`]: boolean | undefined;
  }
}

/**
 * Analytics run only in the browser and only after consent: first-party page-view counts and, when a
 * measurement id is configured, Google's tag (loaded here, after consent, with the page's CSP nonce).
 * Failures are swallowed with a warning; analytics never breaks a page.
 */
export function ConsentManager({ measurementId, cookieMonths }: { measurementId?: string; cookieMonths: number }) {
  const pathname = usePathname();
  const [analytics, setAnalytics] = useState(false);
  const gtagLoaded = useRef(false);

  useEffect(() => {
    const onConsent = (event: Event) => setAnalytics((event as CustomEvent<ConsentDetail>).detail.analytics);
    window.addEventListener(CONSENT_EVENT, onConsent);
    const start = () =>
      loadConsentRuntime()
        .then((m) => m.startConsent(Boolean(measurementId), cookieMonths))
        .catch((err: unknown) => console.warn('Souhlas s cookies se nepodařilo načíst', err));
    // Load the consent UI once the page is idle, so it never competes with the content.
    const hasIdle = typeof window.requestIdleCallback === 'function';
    const handle = hasIdle ? window.requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200);
    return () => {
      window.removeEventListener(CONSENT_EVENT, onConsent);
      if (hasIdle) window.cancelIdleCallback(handle as number);
      else clearTimeout(handle);
    };
  }, [measurementId, cookieMonths]);

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

  return null;
}
