/**
 * Every path under /api that no route serves answers a JSON error in Strapi's envelope (docs/protocols.md §1.2),
 * never the site's HTML 404 page: API clients parse the body.
 */
export const dynamic = 'force-dynamic';

function notFound(): Response {
  return Response.json(
    { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } },
    { status: 404, headers: { 'cache-control': 'no-store' } },
  );
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
