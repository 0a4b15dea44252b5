import { Link } from '@/ui/link';
import { getSiteInfo, getTerms, vatLabel } from '@/site/public.server';
import styles from './site-footer.module.css';
import { CONTENT_END_ID } from '@/platform/render-cache/content-first-frame.mjs';
import { ConsentSettingsButton } from '@/ui/consent/consent-settings-button';
import { getEnv } from '@/platform/env';
import { googleAnalyticsConfigured } from '@/platform/analytics/configured';

export function SiteFooter() {
  const { photographer: p } = getSiteInfo();
  const year = new Date().getFullYear();
  return (
    // The id is what a cached page's first frame waits for (src/platform/render-cache/content-first-frame.mjs).
    <footer id={CONTENT_END_ID} className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div>
          <p className={styles.brand}>{p.brand}</p>
          <p className={styles.tagline}>{p.tagline}</p>
          <Link prefetch={false} href="/rezervace" className="btn btn-light">
            Ověřit volný termín
          </Link>
        </div>
        <div>
          <h2 className={styles.heading}>Kontakt</h2>
          <address className={styles.address}>
            {p.name}
            <br />
            {p.street}, {p.postalCode} {p.city}
            <br />
            <a href={`mailto:${p.email}`}>{p.email}</a>
            <br />
            <a href={`tel:${p.phone.replace(/\s+/g, '')}`}>{p.phone}</a>
          </address>
        </div>
        <div>
          <h2 className={styles.heading}>Sledujte mě</h2>
          <ul className={styles.list}>
            {p.social.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener noreferrer">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={styles.heading}>Informace</h2>
          <ul className={styles.list}>
            <li>
              <Link href="/obchodni-podminky">Obchodní podmínky</Link>
            </li>
            <li>
              <Link href="/ochrana-udaju">Ochrana osobních údajů</Link>
            </li>
            <li>
              <Link href="/faq">Časté otázky</Link>
            </li>
            <li>
              <Link href="/ucet">Účet pro snoubence</Link>
            </li>
            <li>
              <ConsentSettingsButton
                config={{
                  externalAnalytics: googleAnalyticsConfigured(getEnv()),
                  cookieMonths: getTerms().analyticsCookieMonths,
                  consentMonths: getTerms().consentCookieMonths,
                }}
              />
            </li>
          </ul>
        </div>
      </div>
      <div className={`container ${styles.legal}`}>
        <p>
          © {year} {p.name} · IČO {p.ico} · {vatLabel(p)}
        </p>
      </div>
    </footer>
  );
}
