/** A page's query string as Next hands it to pages (`searchParams`), and the one way we read a parameter from it. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of `name` (`?a=1&a=2` → '1'); undefined when absent. */
export function firstParam(params: SearchParams, name: string): string | undefined {
  const v = params[name];
  return Array.isArray(v) ? v[0] : v;
}
