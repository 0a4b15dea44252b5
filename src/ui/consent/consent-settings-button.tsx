'use client';
import { loadConsentRuntime } from './consent-events';
import type { ConsentConfig } from './consent-texts';
import styles from './consent-settings-button.module.css';

/** Footer entry: reopen the cookie settings at any time (the choice must be changeable). */
export function ConsentSettingsButton({ config }: { config: ConsentConfig }) {
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => {
        void loadConsentRuntime()
          .then(async (m) => {
            await m.startConsent(config);
            m.showConsentPreferences();
          })
          .catch((err: unknown) => console.warn('Nastavení cookies se nepodařilo otevřít', err));
      }}
    >
      Nastavení cookies
    </button>
  );
}
