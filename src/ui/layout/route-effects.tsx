'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/**
 * docs/spec.md §2: on a route change the page starts at the top; a link with a hash scrolls to its anchor.
 * No artificial delay before navigation (docs/decisions/003-no-navigation-delay.md).
 * The first render (hydration) leaves the scroll alone: the browser already placed it (top, the hash's anchor,
 * or the restored position on reload/back), and a visitor who started scrolling before the scripts ran must not
 * be thrown back to the top.
 */
export function RouteEffects() {
  const pathname = usePathname();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const previous = shown.current;
    shown.current = pathname;
    if (previous === null || previous === pathname) return;
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (hash) {
      document.getElementById(hash)?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    const onHash = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (id) document.getElementById(id)?.scrollIntoView();
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return null;
}
