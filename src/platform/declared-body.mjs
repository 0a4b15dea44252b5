// @ts-check
/**
 * A response body the app declares and the production server writes to the socket itself
 * (docs/decisions/100-gallery-zip-written-by-the-server.md). A route handler that has done every check (access,
 * range, status, headers) returns its Response with no body and the header `x-declared-body: <token>`, after
 * registering under that token a writer of the body (`declareBody`). server.mjs (`applyDeclaredBody`) removes the
 * header before it goes out, and when Next ends the bodiless response, writes the body through the writer with
 * Node's own `ServerResponse.write` and its callbacks (the writer learns when the socket has taken each chunk, and
 * can reuse its buffers; a web ReadableStream through Next's response path cannot tell it), then ends it.
 *
 * The registry is published under a global symbol: server.mjs and the app's bundled route handlers are separate
 * module graphs in one process (as for src/platform/metrics.mjs). A client cannot set response headers, so only the
 * app declares a body.
 *
 * Fails closed: a declared token the server does not know, or a declared response Next ends with a body of its own,
 * destroys the connection (the client sees an incomplete download, never a complete empty one); a route declares
 * bodies only when `declaredBodiesWritten()` says this process's server writes them (not under `next dev`, not in
 * tests calling a route handler directly — they get the web stream).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { clearTimeout, setTimeout } from 'node:timers';

export const DECLARED_BODY = 'x-declared-body';
const BODIES = Symbol.for('svatebni-fotograf.declared-bodies');
const SERVER = Symbol.for('svatebni-fotograf.declared-body-server');
/** A declared body nobody took (the response never ended) is cancelled after this long. */
const UNCLAIMED_MS = 60_000;

/**
 * Where a declared body is written: Node's `ServerResponse.write` (`done` is called once the socket has taken the
 * chunk, or with an error when the response is gone) and a signal that aborts when the client goes away.
 * @typedef {{ write(chunk: Uint8Array, done: (err?: Error | null) => void): boolean; signal: AbortSignal }} BodySink
 */
/**
 * @typedef {object} DeclaredBody
 * @property {(sink: BodySink) => Promise<void>} write Writes the whole body; rejects when it cannot (the response is then destroyed).
 * @property {() => void} cancel Releases what the body holds when it will not be written (HEAD, never claimed).
 */

/** @returns {Map<string, { body: DeclaredBody; timer: ReturnType<typeof setTimeout> }>} */
function bodies() {
  const g = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis));
  if (!(g[BODIES] instanceof Map)) g[BODIES] = new Map();
  return /** @type {Map<string, { body: DeclaredBody; timer: ReturnType<typeof setTimeout> }>} */ (g[BODIES]);
}

/** Whether this process's server writes declared bodies (server.mjs called `serveDeclaredBodies`). */
export function declaredBodiesWritten() {
  return /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[SERVER] === true;
}

/** Server side, once at start: routes may declare bodies from now on. */
export function serveDeclaredBodies() {
  /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[SERVER] = true;
}

/**
 * App side: registers `body` and returns the value of the `x-declared-body` header that hands it to the server.
 * @param {DeclaredBody} body
 * @returns {string}
 */
export function declareBody(body) {
  const token = crypto.randomBytes(18).toString('base64url');
  const timer = setTimeout(() => {
    if (bodies().delete(token)) body.cancel();
  }, UNCLAIMED_MS);
  timer.unref();
  bodies().set(token, { body, timer });
  return token;
}

/** @param {string} token */
function claim(token) {
  const entry = bodies().get(token);
  if (!entry) return null;
  bodies().delete(token);
  clearTimeout(entry.timer);
  return entry.body;
}

/**
 * Server side, per response, before Next sees it: takes the declared header off and writes the declared body when
 * Next ends the response.
 * @param {http.ServerResponse} res
 * @param {(msg: string, err: unknown) => void} onError a body that failed (not a client that went away)
 * @param {() => void} [onWritten] a declared body written whole (server.mjs logs it at LOG_LEVEL=debug)
 */
export function applyDeclaredBody(res, onError, onWritten) {
  /** @type {string | null} */
  let pending = null;
  const writeHead = res.writeHead;
  /** @param {unknown[]} args */
  const wrappedWriteHead = (...args) => {
    const token = res.getHeader(DECLARED_BODY);
    if (token !== undefined) {
      res.removeHeader(DECLARED_BODY);
      pending = typeof token === 'string' ? token : '';
    }
    return writeHead.apply(res, /** @type {Parameters<typeof res.writeHead>} */ (/** @type {unknown} */ (args)));
  };
  res.writeHead = /** @type {typeof res.writeHead} */ (/** @type {unknown} */ (wrappedWriteHead));

  const end = res.end;
  /** @param {unknown[]} args */
  const wrappedEnd = (...args) => {
    // Headers not written yet: writing them now takes the token off (as `end` itself would).
    if (pending === null && !res.headersSent && res.getHeader(DECLARED_BODY) !== undefined) res.writeHead(res.statusCode);
    if (pending === null) return end.apply(res, /** @type {Parameters<typeof res.end>} */ (/** @type {unknown} */ (args)));
    const token = pending;
    pending = null;
    const body = claim(token);
    const withData = args.some((a) => a !== undefined && a !== null && typeof a !== 'function');
    // Bytes written as they are: nothing may encode them on the way (the route's types are never compressed).
    const encoded = res.getHeader('content-encoding') !== undefined;
    if (!body || withData || encoded) {
      body?.cancel();
      res.destroy(new Error(!body ? 'Unknown declared response body' : withData ? 'A declared response body was ended with data of its own' : 'A declared response body would be encoded'));
      return res;
    }
    if (res.req?.method === 'HEAD') {
      body.cancel();
      return end.apply(res, /** @type {Parameters<typeof res.end>} */ (/** @type {unknown} */ (args)));
    }
    const controller = new globalThis.AbortController();
    const onClose = () => {
      if (!res.writableFinished) controller.abort();
    };
    res.on('close', onClose);
    /** @type {BodySink} */
    const sink = {
      // Node's own write, with its callback, not a wrapper installed on the response (Next's compression middleware
      // passes only two arguments on, so a callback after an encoding would be lost); nothing on a declared body is
      // compressed (checked above).
      write: (chunk, done) => http.ServerResponse.prototype.write.call(res, chunk, done),
      signal: controller.signal,
    };
    body.write(sink).then(
      () => {
        res.off('close', onClose);
        end.apply(res, /** @type {Parameters<typeof res.end>} */ (/** @type {unknown} */ (args)));
        onWritten?.();
      },
      (err) => {
        res.off('close', onClose);
        if (!controller.signal.aborted) onError('Declared response body failed', err);
        res.destroy(err instanceof Error ? err : new Error(String(err)));
      },
    );
    return res;
  };
  res.end = /** @type {typeof res.end} */ (/** @type {unknown} */ (wrappedEnd));
}
