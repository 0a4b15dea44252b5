'use client';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';

/** Whether a path belongs to the photographer's section, which has its own compact shell instead of the site's. */
export function isAdminPath(pathname: string | null): boolean {
  return pathname === '/admin' || Boolean(pathname?.startsWith('/admin/'));
}

/**
 * The public site's header and footer, left out in the admin (`/admin/*`): its layout draws a compact bar of its
 * own. Decided by the path on the server render and on every client navigation, so the root layout stays the same
 * for every page (the render cache needs that: docs/decisions/011-render-cache-csp.md).
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  return isAdminPath(usePathname()) ? null : children;
}
