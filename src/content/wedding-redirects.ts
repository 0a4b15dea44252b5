/**
 * The `wedding-redirects` route middleware (docs/spec.md §2): maps legacy wedding URLs to the canonical
 * /weddings/{slug} with a permanent (308) redirect. Pure function so the proxy and unit tests share it.
 *
 * Legacy forms handled:
 * - /wedding-detail-{slug}           (the old flat detail route)
 * - /wedding-detail?slug={slug}      (the old query form)
 * - /wedding/{slug}                  (singular collection name)
 * - /weddings/_slug?slug={slug}      (the old Nuxt placeholder route fed by a query)
 * - /weddings/{slug}/                (trailing slash)
 * The slug is passed on as it is (still percent-encoded): the canonical page runs the slug validity check (docs/spec.md §2), so a
 * malformed slug ends on the fatal "Page Not Found" page rather than on a different, non-fatal 404 here.
 * Other query parameters (e.g. ?foto=3, ?kategorie=obrad) are kept; the consumed `slug` parameter is dropped.
 */
export function weddingRedirect(pathname: string, search: URLSearchParams): { pathname: string; search?: string } | null {
  const keep = (drop?: string): string | undefined => {
    const q = new URLSearchParams(search);
    if (drop) q.delete(drop);
    const s = q.toString();
    return s ? `?${s}` : undefined;
  };
  const to = (slug: string, drop?: string) => ({ pathname: `/weddings/${slug}`, search: keep(drop) });

  let m = /^\/wedding-detail-([^/]+)\/?$/.exec(pathname);
  if (m) return to(m[1]);

  m = /^\/wedding\/([^/]+)\/?$/.exec(pathname);
  if (m) return to(m[1]);

  m = /^\/weddings\/([^/]+)\/$/.exec(pathname);
  if (m && m[1] !== 'id') return to(m[1]);

  if (/^\/(?:wedding-detail|weddings\/_slug|weddings\/%5Fslug)\/?$/i.test(pathname)) {
    const slug = search.get('slug')?.trim();
    if (slug) return to(encodeURIComponent(slug), 'slug');
  }
  return null;
}
