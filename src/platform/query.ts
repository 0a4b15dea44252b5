import qs from 'qs';

/**
 * Query-string limits (docs/spec.md §9): at most 20 array items, nesting depth 5 and 1000 parameters.
 * `qs` enforces them; with `throwOnLimitExceeded` / `strictDepth` an over-limit query is an error instead of
 * being silently truncated, so the proxy can answer 400 rather than handing half a query to a page.
 */
export const QUERY_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;
/** Longer URLs are refused with 414 before parsing. */
export const MAX_QUERY_LENGTH = 16 * 1024;

export class QueryLimitError extends Error {
  constructor(
    public readonly status: 400 | 414,
    message: string,
  ) {
    super(message);
    this.name = 'QueryLimitError';
  }
}

export type ParsedQuery = qs.ParsedQs;

/** Parse `?a[b]=1&c[]=2` (leading `?` optional) within the limits; throws QueryLimitError (Czech message). */
export function parseQuery(search: string): ParsedQuery {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  if (raw.length > MAX_QUERY_LENGTH) throw new QueryLimitError(414, 'Adresa požadavku je příliš dlouhá.');
  if (!raw) return {};
  try {
    return qs.parse(raw, {
      ...QUERY_LIMITS,
      throwOnLimitExceeded: true,
      strictDepth: true,
      allowPrototypes: false,
    });
  } catch (err) {
    if (err instanceof RangeError) {
      throw new QueryLimitError(400, 'Parametry v adrese překračují povolený rozsah (nejvýše 1000 parametrů, 20 položek pole a hloubka 5).');
    }
    throw new QueryLimitError(400, 'Parametry v adrese nelze zpracovat.');
  }
}
