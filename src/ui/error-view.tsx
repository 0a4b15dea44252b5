import { Link } from '@/ui/link';
import { headers } from 'next/headers';
import { NotFoundMessage, type NotFoundVariant } from './requested-path';

/**
 * The error pages speak Czech to the visitor and still carry docs/spec.md §2's message text, so logs, tests and
 * support can tell the variants apart (docs/decisions/002-error-pages.md).
 */
export async function currentPath(): Promise<string> {
  const h = await headers();
  return h.get('x-full-path') ?? '/';
}

/**
 * `path` only where the page renders per request (the app-wide 404); a cached route's not-found leaves it out and
 * the message takes the path from the router (docs/decisions/011-render-cache-csp.md). `fatal: 'page-slug'` runs
 * the `/{slug}` validity check on that path.
 */
export function NotFoundView({ fatal, path }: { fatal: boolean | 'page-slug'; path?: string }) {
  const variant: NotFoundVariant = fatal === 'page-slug' ? 'page-slug' : fatal ? 'fatal' : 'plain';
  return (
    <section className="container-narrow page-header" aria-labelledby="error-title">
      <p className="eyebrow">Chyba 404</p>
      <h1 id="error-title">Stránka nenalezena</h1>
      <NotFoundMessage variant={variant} serverPath={path} />
      <p className="error-actions">
        <Link href="/" className="btn btn-primary">
          Zpět na úvod
        </Link>
        <Link href="/portfolio" className="btn">
          Prohlédnout portfolio
        </Link>
      </p>
    </section>
  );
}
