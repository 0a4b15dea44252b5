import { Link } from '@/ui/link';
import type { ReactNode } from 'react';
import type { ContactContent } from '@/content/pages/contact';
import { resolveContentImage } from '@/content/pages/images';
import { vatLabel, type SiteInfo } from '@/site/public.server';
import { ContentPhoto } from './content-photo';
import styles from './pages.module.css';

/**
 * Contact details. `children` is the place for the contact form (added by the bookings work), rendered
 * beside the details on desktop and below them on phones; without it a photograph fills that place.
 */
export function ContactView({ content, site, children }: { content: ContactContent; site: SiteInfo; children?: ReactNode }) {
  const p = site.photographer;
  return (
    <section aria-labelledby="kontaktni-udaje" className={`container ${styles.sectionTight}`}>
      <div className={styles.contactGrid}>
        <div>
          <h2 id="kontaktni-udaje">Kontaktní údaje</h2>
          <dl className={styles.contactList}>
            <div>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${p.email}`}>{p.email}</a>
              </dd>
            </div>
            <div>
              <dt>Telefon</dt>
              <dd>
                <a href={`tel:${p.phone.replace(/\s+/g, '')}`}>{p.phone}</a>
              </dd>
            </div>
            <div>
              <dt>Ateliér</dt>
              <dd>
                <address>
                  {p.street}
                  <br />
                  {p.postalCode} {p.city}
                </address>
              </dd>
            </div>
            <div>
              <dt>Sociální sítě</dt>
              <dd>
                <ul className={styles.inlineList}>
                  {p.social.map((s) => (
                    <li key={s.url}>
                      <a href={s.url} rel="noopener noreferrer">
                        {s.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
          <p>{content.responseTime}</p>
          <p>{content.hours}</p>
          <p>{content.meeting}</p>
          <p className={styles.actions}>
            <Link href={content.bookingCta.href} className="btn btn-primary">
              {content.bookingCta.label}
            </Link>
          </p>
          <h2 className={styles.smallHeading}>Fakturační údaje</h2>
          <p className="muted">
            {p.name}, IČO {p.ico}, {vatLabel(p).replace(/^N/, 'n')}.
            <br />
            {content.companyNote}
          </p>
        </div>
        <div className={styles.contactSlot}>
          {children ?? (
            <ContentPhoto image={resolveContentImage(content.image, content.imageAlt)} sizes="(min-width: 60rem) 44rem, 100vw" className={styles.contactImage} />
          )}
        </div>
      </div>
    </section>
  );
}
