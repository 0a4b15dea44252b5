'use client';
import { loadConsentRuntime } from './consent-events';
import styles from './consent-settings-button.module.css';

/** Footer entry: reopen the cookie settings at any time (the choice must be changeable). */
export function ConsentSettingsButton({ externalAnalytics, cookieMonths }: { externalAnalytics: boolean; cookieMonths: number }) {
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => {
        void loadConsentRuntime()
          .then(async (m) => {
            await m.startConsent(externalAnalytics, cookieMonths);
            m.showConsentPreferences();
          })
          .catch((err: unknown) => console.warn('Nastavení cookies se nepodařilo otevřít', err));
      }}
    >
      Nastavení cookies
    </button>
  );
}
