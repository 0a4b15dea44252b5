// @ts-check
/**
 * Calls `record` once, right before a response's headers go out (the first `writeHead`, which Node also calls
 * itself on the first write or `end`), with every header set on the response so far. Used by server.mjs's fast
 * paths to record the headers Next sent: at that moment, not on 'finish', because a client can have the whole
 * answer and ask again before 'finish' is emitted, and the recording must already be there for that request.
 * Headers passed to `writeHead` itself are not in `getHeaders()`; a response that does so is not recorded (Next
 * does not, for pages and static files).
 * @param {import('node:http').ServerResponse} res
 * @param {() => void} record
 */
export function beforeHeadersOut(res, record) {
  const writeHead = res.writeHead;
  let seen = false;
  /** @param {unknown[]} args */
  const wrapped = (...args) => {
    if (!seen && !args.some((a) => typeof a === 'object' && a !== null)) record();
    seen = true;
    return writeHead.apply(res, /** @type {Parameters<typeof res.writeHead>} */ (/** @type {unknown} */ (args)));
  };
  res.writeHead = /** @type {typeof res.writeHead} */ (/** @type {unknown} */ (wrapped));
}
