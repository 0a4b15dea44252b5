import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/**
 * Diagnostics and protocol-check pages (`/strapi-*`, `*-test`, `/bench-minimal`): never indexed. The `noindex`
 * is set here once for the whole group; the pages themselves set only their titles.
 */
export const metadata: Metadata = {
  robots: { index: false, follow: false },
};

/** Rendered per request with the proxy's nonce CSP, never from the render cache (docs/decisions/011-render-cache-csp.md). */
export const dynamic = 'force-dynamic';

export default function DiagnosticsLayout({ children }: { children: ReactNode }) {
  return children;
}
