'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { claimReload, isChunkLoadFailure } from './reload-guard';
import styles from './build-watcher.module.css';

/**
 * docs/spec.md §2 "Build updates": polls `/builds/latest.json` every `intervalMs` and when the tab regains focus.
 * Once a newer build is announced, a discreet notice appears and the next client navigation becomes a full page
 * load (so the visitor gets the new build's code); a chunk that fails to load triggers the same reload. Both are
 * guarded to once per 10 s per path (reload-guard.ts).
 */
export function BuildWatcher({ buildId, intervalMs }: { buildId: string; intervalMs: number }) {
  const [outdated, setOutdated] = useState(false);
  const outdatedRef = useRef(false);
  const pathname = usePathname();
  const lastPath = useRef(pathname);

  useEffect(() => {
    let inFlight = false;
    const check = async () => {
      if (inFlight || outdatedRef.current) return;
      inFlight = true;
      try {
        const res = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
        if (res.ok) {
          const data = (await res.json()) as { id?: unknown };
          if (typeof data.id === 'string' && data.id !== buildId) {
            outdatedRef.current = true;
            setOutdated(true);
          }
        }
      } catch {
        /* offline or server restarting: try again next time */
      } finally {
        inFlight = false;
      }
    };
    const timer = window.setInterval(check, intervalMs);
    const onFocus = () => {
      if (document.visibilityState === 'visible') void check();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [buildId, intervalMs]);

  // The next link click becomes a full page load (capture phase: runs before Next's <Link> handler, which
  // leaves a default-prevented click alone).
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!outdatedRef.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
      if (!claimReload(url.pathname)) return;
      event.preventDefault();
      window.location.assign(url.href);
    };
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, []);

  // Navigations that are not link clicks (router.push, back/forward): reload the page they arrived at.
  useEffect(() => {
    if (pathname === lastPath.current) return;
    lastPath.current = pathname;
    if (outdatedRef.current && claimReload(pathname)) window.location.reload();
  }, [pathname]);

  // A chunk of this build failed to load (e.g. removed by a newer deployment): reload once, guarded.
  useEffect(() => {
    const reload = () => {
      if (claimReload(window.location.pathname)) window.location.reload();
    };
    const onError = (event: Event) => {
      const target = event.target;
      if ((target instanceof HTMLScriptElement && target.src.includes('/_next/static/')) || (target instanceof HTMLLinkElement && target.href.includes('/_next/static/'))) {
        reload();
        return;
      }
      if (event instanceof ErrorEvent && isChunkLoadFailure(event.error ?? event.message)) reload();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadFailure(event.reason)) reload();
    };
    window.addEventListener('error', onError, true);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError, true);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  return (
    <div role="status" className={styles.region}>
      {outdated ? (
        <p className={styles.notice} data-testid="build-update-notice">
          Je k dispozici nová verze
          <span className="visually-hidden"> webu. Při dalším přechodu na jinou stránku se načte.</span>
        </p>
      ) : null}
    </div>
  );
}
