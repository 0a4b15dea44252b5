import 'server-only';
import { getDb } from '@/db/db.server';
import { dispatch } from './handlers.server';

/**
 * The site reaching its own built-in account server: the same Request/Response handlers as /api/..., called
 * in-process. No loopback HTTP hop (which would depend on how the port and proxies are set up), and the
 * visitor's address travels in x-forwarded-for so per-client rate limits keep working.
 */
export async function builtinFetch(input: string, init: RequestInit): Promise<Response> {
  const db = await getDb();
  return dispatch(db, new Request(input, init));
}
