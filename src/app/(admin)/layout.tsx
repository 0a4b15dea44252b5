import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getCurrentUser, isAdmin } from '@/accounts/guards.server';
import styles from '@/bookings/ui/admin.module.css';
import { AdminNav } from './admin-nav';
import { Link } from '@/ui/link';
import { getSiteInfo } from '@/site/public.server';

/**
 * The photographer's section (`/admin/*`): never indexed (set here once), its own compact bar instead of the public
 * site's header and footer (the root layout leaves those out here: src/ui/layout/public-only.tsx), and the admin
 * navigation above every page once signed in as admin. Not a guard: every admin page, action and route still calls requireAdmin itself
 * (a layout does not re-run on every navigation); the sign-in and setup pages stay reachable signed out.
 */
export const metadata: Metadata = {
  robots: { index: false, follow: false },
};

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const showNav = isAdmin(await getCurrentUser());
  const site = getSiteInfo();
  return (
    <>
      <header className={styles.adminHeader}>
        <div className={`container ${styles.adminHeaderBar}`}>
          <span className={styles.adminBrand}>{site.photographer.brand}</span>
          <span className={styles.adminBrandSub}>administrace</span>
          <Link href="/" className={styles.adminSiteLink}>
            Zobrazit web
          </Link>
        </div>
      </header>
      {showNav ? (
        <div className={`container ${styles.bar}`}>
          <AdminNav className={styles.nav} />
        </div>
      ) : null}
      {children}
    </>
  );
}
