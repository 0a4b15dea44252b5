import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';
import { fontVariables } from '@/ui/fonts';
import { SiteHeader } from '@/ui/layout/site-header';
import { SiteFooter } from '@/ui/layout/site-footer';
import { getSiteInfo } from '@/content/site';
import { siteUrl } from '@/platform/env';
import { RouteEffects } from '@/ui/layout/route-effects';
import { AccountSession } from '@/accounts/account-session';

export async function generateMetadata(): Promise<Metadata> {
  const site = getSiteInfo();
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: `${site.photographer.brand} – svatební fotograf`, template: `%s | ${site.photographer.brand}` },
    description: site.photographer.tagline,
    openGraph: { type: 'website', locale: 'cs_CZ', siteName: site.photographer.brand },
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#faf7f2',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="cs" className={fontVariables}>
      <body>
        <a className="skip-link" href="#main">
          Přeskočit na obsah
        </a>
        <AccountSession>
          <SiteHeader />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter />
          <RouteEffects />
        </AccountSession>
      </body>
    </html>
  );
}
