import Link from 'next/link';
import { connection } from 'next/server';
import { getSiteInfo } from '@/content/public.server';
import { MobileMenu } from './mobile-menu';
import { NavLinks } from './nav-links';
import styles from './site-header.module.css';

export async function SiteHeader() {
  // Every page carries a per-request CSP nonce (src/proxy.ts); a prerendered page would have no nonce on its
  // scripts and could not hydrate. The header is on every page, so waiting for the request here makes every
  // route render dynamically.
  await connection();
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
        <Link href={site.cta.href} className={`btn btn-primary ${styles.cta}`}>
          {site.cta.label}
        </Link>
        <MobileMenu items={site.navigation} cta={site.cta} />
      </div>
    </header>
  );
}
