import { Link } from '@/ui/link';
import type { HomeContent } from '@/content/pages/home';
import type { SiteInfo } from '@/site/public.server';
import styles from './home.module.css';

export function ContactTeaser({ content, site, ctaHref }: { content: HomeContent['contact']; site: SiteInfo; ctaHref: string }) {
  const p = site.photographer;
  return (
    <section className={styles.contact} aria-labelledby="kontakt-uvod">
      <div className={`container-narrow ${styles.contactInner}`}>
        <p className={styles.contactEyebrow}>{content.eyebrow}</p>
        <h2 id="kontakt-uvod">{content.heading}</h2>
        <p className={styles.contactText}>{content.text}</p>
        <p className={styles.contactActions}>
          <Link prefetch={false} href={ctaHref} className="btn btn-primary">
            {content.cta}
          </Link>
          <Link href={content.secondary.href} className="btn">
            {content.secondary.label}
          </Link>
        </p>
        <p className={styles.contactDirect}>
          <a href={`mailto:${p.email}`}>{p.email}</a>
          <span aria-hidden="true"> · </span>
          <a href={`tel:${p.phone.replace(/\s+/g, '')}`}>{p.phone}</a>
        </p>
      </div>
    </section>
  );
}
