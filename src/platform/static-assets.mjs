// @ts-check
/**
 * Answers `/_next/static/…` requests (the framework and page chunks, stylesheets) from files compressed once at
 * build time (scripts/precompress-static.mjs writes `<file>.br` and `<file>.gz` next to each), before Next's router.
 * Next serves the same files through its compression middleware, which gzips every response again: ~9 ms of CPU
 * for the 230 KB framework chunk, ~60–100 ms for the chunks of one first visit, on the same event loop that answers
 * that visitor's photo. Brotli at quality 11 is also ~20 % smaller on the wire than Next's gzip.
 *
 * Exactness, as the page fast path (fast-path.mjs) does it: the headers are the ones Next itself sent for that same
 * file. The first request of every file goes to Next; `observe()` records the headers of its 200 answer (security
 * headers, Cache-Control: immutable, ETag, Last-Modified, Content-Type, Vary). Later requests get those headers, the
 * encoding the client prefers among br/gzip/identity (Negotiator, as HTTP says: q-values, `identity;q=0`, `*`),
 * the same 304 handling (If-None-Match / If-Modified-Since against the recorded validators) and the bytes of the
 * file — identical after decoding.
 *
 * Declined (left to Next): other methods, Range requests, query strings, anything but a plain file path
 * (percent-escapes, `..`, empty segments), files without both precompressed copies (a build made without the
 * step), and any file Next has not answered with a 200 yet.
 *
 * Memory: only names of the build's own files are ever remembered (the list of `.next/static` is read once; a
 * build never changes under a running server), so requests for made-up names — all 404s — leave nothing behind.
 *
 * Range requests: Next's static serving answers an unsatisfiable or malformed range with a 500.
 * `rangeNotSatisfiable()` answers the first with 416 and `Content-Range: bytes *\/<size>` and drops the second
 * (the whole file follows), as HTTP says; satisfiable ranges stay with Next (206).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Negotiator from 'negotiator';
import { beforeHeadersOut } from './headers-out.mjs';

const require = createRequire(import.meta.url);
/** @type {(reqHeaders: import('node:http').IncomingHttpHeaders, resHeaders: { etag?: string, 'last-modified'?: string }) => boolean} */
const fresh = require('next/dist/compiled/fresh');

/** `/_next/static/` followed by plain segments of file-name characters (what Next's build writes). */
const STATIC_PATH = /^\/_next\/static\/((?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*[A-Za-z0-9_~-][A-Za-z0-9._~-]*\.(?:js|css|svg|json|txt))$/;
/** Response headers that are per response or per transfer, never replayed. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length']);
const ENCODINGS = ['br', 'gzip', 'identity'];

/**
 * @typedef {{ headers: [string, string | number | string[]][], etag?: string, lastModified?: string }} Recorded
 * @typedef {{ identity: Buffer, br: Buffer, gzip: Buffer }} Bodies
 */

/**
 * The file a request names under the static root, or null when the fast path must not answer it.
 * @param {import('node:http').IncomingMessage} req
 * @returns {string | null} the path relative to `.next/static`
 */
export function staticFile(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (req.headers.range !== undefined) return null;
  const m = STATIC_PATH.exec(req.url ?? '');
  return m ? m[1] : null;
}

/**
 * What a Range header asks of a file of `size` bytes (RFC 9110 §14): `unsatisfiable` when it is a well-formed
 * `bytes=` range set of which no range overlaps the file (a first position at or past the end, or a zero-length
 * suffix), `ignored` when it is malformed or in another unit (HTTP says to send the whole file then),
 * `satisfiable` otherwise.
 * @param {string} header
 * @param {number} size
 * @returns {'satisfiable' | 'unsatisfiable' | 'ignored'}
 */
export function classifyRange(header, size) {
  const m = /^bytes=(.+)$/i.exec(header.trim());
  if (!m) return 'ignored';
  const specs = m[1].split(',').map((x) => x.trim());
  if (specs.length > 100) return 'ignored';
  let overlaps = false;
  for (const spec of specs) {
    const r = /^(\d*)-(\d*)$/.exec(spec);
    if (!r || (r[1] === '' && r[2] === '')) return 'ignored';
    if (r[1] === '') {
      if (Number(r[2]) > 0 && size > 0) overlaps = true; // a suffix of a non-empty file overlaps it
      continue;
    }
    if (r[2] !== '' && Number(r[2]) < Number(r[1])) return 'ignored';
    if (Number(r[1]) < size) overlaps = true;
  }
  return overlaps ? 'satisfiable' : 'unsatisfiable';
}

/**
 * @param {{ root: string, enabled?: boolean }} options `root` = the build's `.next/static` directory
 */
export function createStaticAssets(options) {
  const enabled = options.enabled ?? true;
  const root = path.resolve(options.root);
  /** @type {Map<string, Recorded>} */
  const recorded = new Map();
  /** @type {Map<string, Bodies | null>} the three copies of a file, read once (null: no precompressed copies) */
  const bodies = new Map();
  /** @type {Map<string, number> | null} every file of the build (relative path → size), listed on first use */
  let buildFiles = null;

  /** @returns {Map<string, number>} */
  function files() {
    if (buildFiles) return buildFiles;
    /** @type {Map<string, number>} */
    const found = new Map();
    try {
      for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        // `parentPath` from Node 20.12, `path` before.
        const full = path.join(entry.parentPath ?? entry.path, entry.name);
        found.set(path.relative(root, full).split(path.sep).join('/'), fs.statSync(full).size);
      }
    } catch {
      // No static folder (no build): nothing is known, everything goes to Next.
    }
    buildFiles = found;
    return found;
  }

  /** @param {string} rel */
  function load(rel) {
    if (bodies.has(rel)) return bodies.get(rel) ?? null;
    // Not one of the build's files: nothing to serve and nothing to remember (any name can be asked for).
    if (!files().has(rel)) return null;
    const file = path.join(root, rel);
    /** @type {Bodies | null} */
    let b = null;
    if (file.startsWith(root + path.sep)) {
      try {
        b = { identity: fs.readFileSync(file), br: fs.readFileSync(`${file}.br`), gzip: fs.readFileSync(`${file}.gz`) };
      } catch {
        b = null;
      }
    }
    bodies.set(rel, b);
    return b;
  }

  /**
   * Answers the request when Next has answered the same file before; false hands it to Next untouched.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {boolean}
   */
  function serve(req, res) {
    if (!enabled) return false;
    const rel = staticFile(req);
    if (rel === null) return false;
    const rec = recorded.get(rel);
    if (!rec) return false;
    const b = load(rel);
    if (!b) return false;
    const encoding = /** @type {'br' | 'gzip' | 'identity' | undefined} */ (new Negotiator(req).encoding(ENCODINGS, { preferred: ENCODINGS }));
    if (!encoding) return false; // nothing acceptable: Next answers as it would (identity regardless)
    for (const [name, value] of rec.headers) res.setHeader(name, value);
    if (fresh(req.headers, { etag: rec.etag, 'last-modified': rec.lastModified })) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const body = b[encoding];
    res.statusCode = 200;
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    if (req.method === 'HEAD') res.end();
    else res.end(body);
    return true;
  }

  /**
   * Watches a static file request Next answers: its 200 answer's headers are recorded for that file.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  function observe(req, res) {
    if (!enabled || req.method !== 'GET') return;
    const rel = staticFile(req);
    if (rel === null || recorded.has(rel) || !load(rel)) return;
    beforeHeadersOut(res, () => {
      if (res.statusCode !== 200 || res.hasHeader('set-cookie') || recorded.has(rel)) return;
      /** @type {Recorded['headers']} */
      const headers = [];
      for (const raw of res.getRawHeaderNames()) {
        const value = res.getHeader(raw);
        if (value === undefined || NOT_REPLAYED.has(raw.toLowerCase())) continue;
        headers.push([raw, value]);
      }
      // Every answer may be encoded differently, so caches must key on Accept-Encoding (Next says so too).
      const vary = String(res.getHeader('vary') ?? '');
      if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) {
        const i = headers.findIndex(([n]) => n.toLowerCase() === 'vary');
        if (i >= 0) headers.splice(i, 1);
        headers.push(['Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding']);
      }
      const etag = res.getHeader('etag');
      const lastModified = res.getHeader('last-modified');
      recorded.set(rel, {
        headers,
        etag: typeof etag === 'string' ? etag : undefined,
        lastModified: typeof lastModified === 'string' ? lastModified : undefined,
      });
    });
  }

  /**
   * Range requests for the build's static files, which Next's static serving answers with a 500 when no byte can
   * be sent or the header is malformed: an unsatisfiable range gets 416 here (true: answered); a malformed one is
   * dropped so that Next sends the whole file, as HTTP says. Satisfiable ranges stay with Next (206).
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {boolean}
   */
  function rangeNotSatisfiable(req, res) {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || typeof req.headers.range !== 'string') return false;
    const m = STATIC_PATH.exec((req.url ?? '').split('?')[0] ?? '');
    const size = m ? files().get(m[1]) : undefined;
    if (size === undefined) return false;
    const kind = classifyRange(req.headers.range, size);
    if (kind === 'ignored') {
      delete req.headers.range;
      return false;
    }
    if (kind === 'satisfiable') return false;
    res.statusCode = 416;
    res.setHeader('Content-Range', `bytes */${size}`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Length', 0);
    res.end();
    return true;
  }

  /** How many files' copies and headers are held (diagnostics and tests: at most the build's own files). */
  function remembered() {
    return { bodies: bodies.size, recorded: recorded.size };
  }

  return { serve, observe, rangeNotSatisfiable, remembered };
}
