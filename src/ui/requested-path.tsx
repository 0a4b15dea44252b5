'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { failsSlugCheck } from '@/site/public';

/** Which variant of the not-found message a route shows (docs/decisions/002-error-pages.md). */
export type NotFoundVariant = 'plain' | 'fatal' | 'page-slug';

/**
 * The not-found page's lead and the spec's message with the requested path. A not-found page of a cached route is one HTML for the
 * path it was rendered for, so the path comes from the router on the server render (the real path: the cache
 * entry belongs to that path) and, after hydration, from the address bar, which adds the query string.
 * `serverPath` is given where the page is rendered per request and the proxy passed the full path.
 */
export function NotFoundMessage({ variant, serverPath }: { variant: NotFoundVariant; serverPath?: string }) {
  const routerPath = usePathname();
  const [path, setPath] = useState(serverPath ?? routerPath ?? '/');
  useEffect(() => {
    setPath(window.location.pathname + window.location.search);
  }, []);
  const fatal = variant === 'fatal' || (variant === 'page-slug' && failsSlugCheck(path));
  return (
    <>
      <p className="lead">
        {fatal
          ? 'Tato adresa nevede na žádnou svatbu ani stránku. Možná obsahuje překlep.'
          : 'Stránku, kterou hledáte, se nepodařilo najít. Možná byla přesunuta nebo odstraněna.'}
      </p>
      <p className="muted" data-testid="error-message">
        {fatal ? `Page Not Found: ${path}` : `Page not found: ${path}`}
      </p>
    </>
  );
}
