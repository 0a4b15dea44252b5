// @ts-check
/**
 * Two things a route cannot tell Next 16 directly, declared in headers of our own and applied by server.mjs right
 * before the headers go out (docs/decisions/078-gallery-delivery.md):
 * - `x-declared-content-length: N` → `Content-Length: N`. Next drops Content-Length from a route handler's
 *   Response (send-response.js), but a download's exact length is what lets a browser show progress and know an
 *   interrupted archive is incomplete. Applied only to digits and only when nothing re-encodes the body.
 * - `x-declared-status: 410` → status 410 for a page the proxy rewrote (Next ignores a rewrite's status).
 *   Only 200 becomes 410; nothing else is changed.
 * Both headers are removed from the response. A client cannot set response headers, so only the app declares them.
 *
 * One repair on every response: a `Location` set several times to the same URL goes out once. Next 16 appends a
 * cached page's stored headers to the answer that rendered it, so the first answer of a redirect rendered by a
 * cached page (a renamed wedding's old address) carried its `Location` twice. Differing values are left alone.
 */
export const DECLARED_LENGTH = 'x-declared-content-length';
export const DECLARED_STATUS = 'x-declared-status';

/** @param {import('node:http').ServerResponse} res */
export function applyDeclaredResponse(res) {
  const writeHead = res.writeHead;
  /** @param {unknown[]} args */
  const wrapped = (...args) => {
    const location = res.getHeader('location');
    if (Array.isArray(location) && location.length > 1 && location.every((l) => l === location[0])) res.setHeader('location', location[0]);
    const length = res.getHeader(DECLARED_LENGTH);
    if (length !== undefined) {
      res.removeHeader(DECLARED_LENGTH);
      if (typeof length === 'string' && /^\d{1,16}$/.test(length) && res.getHeader('content-encoding') === undefined) {
        res.removeHeader('transfer-encoding');
        res.setHeader('content-length', length);
      }
    }
    const status = res.getHeader(DECLARED_STATUS);
    if (status !== undefined) {
      res.removeHeader(DECLARED_STATUS);
      const current = typeof args[0] === 'number' ? args[0] : res.statusCode;
      if (status === '410' && current === 200) {
        res.statusCode = 410;
        if (typeof args[0] === 'number') args[0] = 410;
        if (typeof args[1] === 'string') args[1] = 'Gone';
      }
    }
    return writeHead.apply(res, /** @type {Parameters<typeof res.writeHead>} */ (/** @type {unknown} */ (args)));
  };
  res.writeHead = /** @type {typeof res.writeHead} */ (/** @type {unknown} */ (wrapped));
}
