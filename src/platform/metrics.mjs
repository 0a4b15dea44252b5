// Request metrics of the production server (server.mjs), read by GET /api/metrics through globalThis: server.mjs
// and the app's bundled route handlers are separate module graphs in one process, so the registry is published
// under a global symbol instead of a module singleton.
import { performance } from 'node:perf_hooks';
import client from 'prom-client';

const KEY = Symbol.for('svatebni-fotograf.http-metrics');

/** Route groups (low cardinality: never the raw path). */
export function routeGroup(pathname) {
  if (pathname.startsWith('/_next/static/') || pathname.startsWith('/fonts/')) return 'static';
  if (pathname.startsWith('/_next/image')) return 'image';
  if (pathname.startsWith('/api/photos/')) return 'photos';
  if (pathname.startsWith('/api/')) return 'api';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  if (pathname === '/ucet' || pathname.startsWith('/ucet/')) return 'account';
  return 'pages';
}

export function httpMetrics() {
  if (!globalThis[KEY]) {
    const registry = new client.Registry();
    globalThis[KEY] = {
      registry,
      requests: new client.Counter({ name: 'http_requests_total', help: 'Requests answered, by route group and status class', labelNames: ['group', 'status'], registers: [registry] }),
      duration: new client.Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time to the end of the response, by route group',
        labelNames: ['group'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
        registers: [registry],
      }),
      cacheHits: new client.Counter({
        name: 'render_cache_hits_total',
        help: 'Pages answered from the render cache: before Next (fast path) or by Next (x-nextjs-cache: HIT)',
        labelNames: ['by'],
        registers: [registry],
      }),
    };
  }
  return globalThis[KEY];
}

/** Starts measuring one request; call the returned function with true when the render cache answered it. */
export function measureRequest(req, res) {
  const m = httpMetrics();
  const started = performance.now();
  let path = '/';
  try {
    path = new URL(req.url ?? '/', 'http://x').pathname;
  } catch {
    /* a malformed target still counts, as a page */
  }
  const group = routeGroup(path);
  let fastPath = false;
  res.once('finish', () => {
    m.requests.inc({ group, status: `${Math.floor(res.statusCode / 100)}xx` });
    m.duration.observe({ group }, (performance.now() - started) / 1000);
    if (fastPath) m.cacheHits.inc({ by: 'fast-path' });
    else if (res.getHeader('x-nextjs-cache') === 'HIT') m.cacheHits.inc({ by: 'next' });
  });
  return (cacheHit) => {
    fastPath = cacheHit;
  };
}
