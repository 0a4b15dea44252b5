'use client';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { INTENT_PREFETCH_ATTR } from '@/ui/link';

/**
 * Prefetches a link when the visitor shows the intent to follow it: the pointer (mouse, pen or finger) reaches it
 * or it gets the keyboard focus (docs/decisions/106-prefetch-on-intent.md). One delegated listener for the whole
 * document, not one per link; only links rendered by `@/ui/link` without their own `prefetch` carry the mark, so an
 * API download or a plain `<a>` is never fetched ahead. Each address is prefetched once per page view; the router
 * keeps what it fetched in its own cache.
 */
export function IntentPrefetch() {
  const router = useRouter();
  useEffect(() => {
    const done = new Set<string>();
    const onIntent = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const link = target.closest(`a[${INTENT_PREFETCH_ATTR}]`);
      if (!(link instanceof HTMLAnchorElement)) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const address = url.pathname + url.search;
      if (address === window.location.pathname + window.location.search || done.has(address)) return;
      done.add(address);
      router.prefetch(address);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [router]);
  return null;
}
