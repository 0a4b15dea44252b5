/**
 * The `wedding-redirects` route middleware (SPEC §2): maps legacy wedding URLs to /weddings/{slug}.
 * Pure function so the proxy and unit tests share it.
 */
export function weddingRedirect(pathname: string, _search: URLSearchParams): { pathname: string; search?: string } | null {
  void _search;
  const m = /^\/wedding-detail-([a-z0-9-]+)\/?$/.exec(pathname);
  if (m) return { pathname: `/weddings/${m[1]}` };
  return null;
}
