import { Link } from '@/ui/link';
import { getSiteInfo } from '@/site/public.server';
import { MobileMenu } from './mobile-menu';
import { NavLinks } from './nav-links';
import styles from './site-header.module.css';

export function SiteHeader() {
  const site = getSiteInfo();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link href="/" className={styles.brand}>
          <span className={styles.brandName}>{site.photographer.name}</span>
          <span className={styles.brandSub}>svatební fotografie</span>
        </Link>
        <nav aria-label="Hlavní navigace" className={styles.desktopNav}>
          <NavLinks items={site.navigation} className={styles.navList} />
        </nav>
        {/* Not prefetched: the booking page is cached, so prefetching it would load its form's code (with the
            server-action references) on every page that shows this link (docs/decisions/096-lighter-document.md). */}
        <Link prefetch={false} href={site.cta.href} className={`btn btn-primary ${styles.cta}`}>
          {site.cta.label}
        </Link>
        <MobileMenu items={site.navigation} cta={site.cta} />
      </div>
    </header>
  );
}
