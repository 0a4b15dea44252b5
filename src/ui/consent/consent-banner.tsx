'use client';
import { Link } from '@/ui/link';
import { useEffect, useId, useRef } from 'react';
import type { ConsentBannerTexts } from './consent-texts';
import styles from './consent-banner.module.css';

export type ConsentAnswer = 'all' | 'necessary' | 'preferences';

/**
 * The first layer of the cookie consent: what the choice is about and three buttons, "Přijmout vše" and
 * "Odmítnout vše" with equal weight. A non-modal dialog; it takes the focus when it appears unless the visitor is
 * already somewhere on the page (typing into a form must not be interrupted).
 */
export function ConsentBanner({ texts: t, busy, onAnswer }: { texts: ConsentBannerTexts; busy: boolean; onAnswer: (answer: ConsentAnswer) => void }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // After the banner's first frame, not during React's commit: focus() needs an up-to-date layout, and in the
    // commit of the hydration it forced a style and layout pass of the whole page in the middle of that task.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) box.current?.focus({ preventScroll: true });
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return (
    <div
      ref={box}
      className={styles.banner}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      aria-busy={busy || undefined}
      tabIndex={-1}
      data-consent-banner=""
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {t.title}
      </h2>
      <p id={`${id}-desc`} className={styles.text}>
        {t.description}
      </p>
      <div className={styles.buttons}>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => onAnswer('all')}>
          {t.acceptAllBtn}
        </button>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => onAnswer('necessary')}>
          {t.acceptNecessaryBtn}
        </button>
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => onAnswer('preferences')}>
          {t.showPreferencesBtn}
        </button>
      </div>
      <p className={styles.footer}>
        <Link href="/ochrana-udaju">{t.privacyLink}</Link>
      </p>
    </div>
  );
}
