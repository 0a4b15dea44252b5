// Production server (`npm start`). It serves the built app exactly like `next start` would, with one addition:
// every request's client address is decided here, from the TCP socket and TRUST_PROXY, and passed to the app in
// the x-client-address header (any copy sent by a client is removed). Next's own server only fills in
// X-Forwarded-For when a client did not send one, so without this step every per-client limit could be dodged
// with a forged header. See docs/decisions/012-client-address.md.
//
// Cache hits of public pages are answered here, before Next, from the render cache, and the build's static files
// from copies compressed at build time (see below).
//
// Environment: PORT (default 3000), HOST (default: every interface), TRUST_PROXY, RENDER_CACHE_FAST_PATH (see README).
import http from 'node:http';
import v8 from 'node:v8';
import { clearTimeout, setTimeout } from 'node:timers';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nextEnv from '@next/env';
import { applyBuiltConfig } from './src/platform/built-config.mjs';
import { SERVER_MARKER, applyClientAddress, parseTrustProxy } from './src/platform/client-address.mjs';
import { createFastPath } from './src/platform/render-cache/fast-path.mjs';
import { createStaticAssets } from './src/platform/static-assets.mjs';
import { applyDeclaredResponse } from './src/platform/declared-response.mjs';
import { applyDeclaredBody, serveDeclaredBodies } from './src/platform/declared-body.mjs';
import { measureRequest } from './src/platform/metrics.mjs';
import { applyKeepAlive } from './src/platform/keep-alive.mjs';

// Memory (docs/decisions/051-server-memory.md), set before anything is compiled or allocated in bulk:
// - the embedded database (PGlite) is PostgreSQL compiled to WebAssembly; V8's optimising tier recompiles its hot
//   functions and keeps ~50–100 MB more resident than the baseline compiler's code, for queries this site's data
//   answers in microseconds either way. Affects WebAssembly only, not JavaScript.
// - the JavaScript heap grows by 15 % per step instead of the 1.1–4× V8 picks from its GC speed, so a burst of page
//   renders (per-request pages under load) does not leave the heap, and with it the RSS, ~130 MB larger.
// - the young generation stays at its initial size (two 1 MB semi-spaces) instead of doubling up to 2 × 16 MB under
//   load: ~30 MB less at idle and ~35–50 MB less under load, for no measurable CPU on cached pages (the only V8
//   setting for this that can still be changed once the process runs; --max-semi-space-size cannot).
// MALLOC_ARENA_MAX, the C allocator's part, must be in the environment before Node starts: `npm start` sets it.
v8.setFlagsFromString('--liftoff-only');
v8.setFlagsFromString('--heap-growing-percent=15');
v8.setFlagsFromString('--semi-space-growth-factor=1');

const dir = path.dirname(fileURLToPath(import.meta.url));
process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
process.title = 'svatebni-fotograf';
// The same .env files `next start` reads, loaded before TRUST_PROXY/PORT are looked at.
nextEnv.loadEnvConfig(dir, false, { info: () => {}, error: console.error });

let trust;
try {
  trust = parseTrustProxy(process.env.TRUST_PROXY);
} catch (err) {
  console.error(`Neplatná konfigurace:\n  - ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Neplatná konfigurace:\n  - PORT: musí být číslo 0–65535 (je „${process.env.PORT}“)`);
  process.exit(1);
}
const host = process.env.HOST?.trim() || undefined;
const fastPathSetting = process.env.RENDER_CACHE_FAST_PATH?.trim().toLowerCase() || 'on';
if (fastPathSetting !== 'on' && fastPathSetting !== 'off') {
  console.error(`Neplatná konfigurace:\n  - RENDER_CACHE_FAST_PATH: musí být „on“ nebo „off“ (je „${process.env.RENDER_CACHE_FAST_PATH}“)`);
  process.exit(1);
}

// Next runs with the configuration `next build` resolved, plus its run-time parts (CONTENTFUL_SPACE_ID), instead of
// evaluating next.config.ts again, which would load Next's SWC compiler into this process for good
// (src/platform/built-config.mjs, docs/decisions/051-server-memory.md). Without a build config Next reads the file.
applyBuiltConfig(dir);

// Tells the app (src/platform/rate-limit.ts) that x-client-address comes from this process.
globalThis[SERVER_MARKER] = true;
// Tells routes that this server writes the response bodies they declare (src/platform/declared-body.mjs).
serveDeclaredBodies();

const { default: next } = await import('next');
const app = next({ dev: false, dir, hostname: host ?? 'localhost', port });
const handle = app.getRequestHandler();

const debug = process.env.LOG_LEVEL?.trim() === 'debug'
  ? (fields) => process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'debug', ...fields }) + '\n')
  : undefined;
/** A request's path without its query (a download's query may hold its PIN). */
const pathOf = (url) => (url ?? '').split('?')[0];

// Cache hits of public pages are answered before Next (src/platform/render-cache/fast-path.mjs,
// docs/decisions/050-render-cache-fast-path.md) with the headers Next gave the same cache entry.
// RENDER_CACHE_FAST_PATH=off sends every request through Next.
const fastPath = createFastPath({
  enabled: fastPathSetting === 'on',
  debug: debug ? (fields) => debug({ msg: 'render cache: answered before Next', ...fields }) : undefined,
});

// The build's chunks and stylesheets, compressed once at build time instead of on every response
// (src/platform/static-assets.mjs), with the headers Next sent for the same file. Same switch as the page fast path.
const staticAssets = createStaticAssets({ root: path.join(dir, '.next', 'static'), enabled: fastPathSetting === 'on' });

const server = http.createServer((req, res) => {
  applyClientAddress(req, trust);
  // Requests and latency by route group for GET /api/metrics (src/platform/metrics.mjs).
  const measured = measureRequest(req, res);
  // An unsatisfiable Range on a build file: 416 here (Next's static serving would answer 500).
  if (staticAssets.rangeNotSatisfiable(req, res)) return;
  if (fastPath.serve(req, res)) return measured(true);
  if (staticAssets.serve(req, res)) return;
  fastPath.observe(req, res);
  staticAssets.observe(req, res);
  // Content-Length of downloads and the 410 of an expired gallery page (src/platform/declared-response.mjs).
  applyDeclaredResponse(res);
  // Bodies a route declared and this server writes itself: the gallery ZIP (src/platform/declared-body.mjs).
  applyDeclaredBody(res, (msg, err) => console.error(msg, pathOf(req.url), err), debug ? () => debug({ msg: 'declared body: written by the server', path: pathOf(req.url), status: res.statusCode }) : undefined);
  handle(req, res).catch((err) => {
    console.error('Request failed', req.url, err);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
server.on('upgrade', (req, socket) => socket.destroy());
// Idle connections outlive the reverse proxy's (src/platform/keep-alive.mjs).
applyKeepAlive(server);

// Graceful shutdown, as `next start` does it: stop accepting connections, let in-flight requests finish, close
// Next, then exit 143/130. src/platform/shutdown.server.ts hooks that exit to close the database first.
let stopping = false;
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => server.closeAllConnections(), 30_000);
  force.unref();
  server.close(async () => {
    clearTimeout(force);
    await app.close().catch((err) => console.error(err));
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
  server.closeIdleConnections();
}
if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

// prepare() runs src/instrumentation.ts (migrations, the admin sign-in line, …) before the port opens.
await app.prepare();
server.on('error', (err) => {
  console.error('Server se nepodařilo spustit:', err.message);
  process.exit(1);
});
server.listen(port, host, () => {
  const addr = server.address();
  const shown = typeof addr === 'object' && addr ? addr.port : port;
  const trustText =
    trust.mode === 'none' ? 'adresa klienta ze spojení (TRUST_PROXY=false)'
    : trust.mode === 'hops' ? `adresa klienta za ${trust.hops} proxy (TRUST_PROXY=${trust.hops})`
    : `adresa klienta za proxy ${trust.entries.join(', ')}`;
  console.log(`✓ Připraveno na http://${host ?? 'localhost'}:${shown} — ${trustText}`);
});
