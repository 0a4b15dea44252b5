import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_CONFIG_TIMEOUT_MS, ANALYTICS_RETRY_STATUSES, fetchMeasurementId } from '@/platform/analytics/measurement-id';
import { normalisePath, pageViewSchema } from '@/platform/analytics/page-views.server';
import type { RetryClock } from '@/platform/retry';

/** A real HTTP config server answering from a script of statuses. */
let server: http.Server;
let url = '';
let script: (number | 'hang')[] = [];
let hits = 0;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    const next = script.shift() ?? 200;
    if (next === 'hang') return; // never answers
    if (next !== 200) {
      res.writeHead(next).end('{"error":"busy"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"measurementId":"G-REMOTE123"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/config`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

function instantClock(): RetryClock & { sleeps: number[] } {
  let t = 0;
  const sleeps: number[] = [];
  return { sleeps, now: () => t, sleep: async (ms) => void (sleeps.push(ms), (t += ms)), random: () => 0 };
}

describe('analytics measurement-id config fetch (docs/spec.md §8/§9)', () => {
  it('retries 429, 500, 503 and 504, then uses the remote id', async () => {
    expect(ANALYTICS_RETRY_STATUSES).toEqual([429, 500, 503, 504]);
    script = [429, 500, 503, 504];
    hits = 0;
    const clock = instantClock();
    expect(await fetchMeasurementId(url, 'G-LOCAL', clock)).toBe('G-REMOTE123');
    expect(hits).toBe(5);
    expect(clock.sleeps).toEqual([1000, 2000, 4000, 8000]);
  });

  it('falls back to the local id on a non-retryable status, with a warning only', async () => {
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    script = [502];
    hits = 0;
    expect(await fetchMeasurementId(url, 'G-LOCAL', instantClock())).toBe('G-LOCAL');
    expect(hits).toBe(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('"level":"warn"');
    warn.mockRestore();
  });

  it('gives up within 60 s of retrying and falls back', async () => {
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    script = Array(100).fill(503);
    const clock = instantClock();
    expect(await fetchMeasurementId(url, undefined, clock)).toBeUndefined();
    expect(ANALYTICS_CONFIG_TIMEOUT_MS).toBe(60_000);
    expect(clock.sleeps.reduce((s, d) => s + d, 0)).toBeLessThanOrEqual(60_000);
    script = [];
    warn.mockRestore();
  });

  it('times a hanging request out at the remaining budget', async () => {
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    script = ['hang'];
    // A clock that says 59.8 s have already passed leaves 200 ms for the request.
    let t = 0;
    const clock: RetryClock = { now: () => (t += 59_800) - 59_800, sleep: async () => undefined, random: () => 0 };
    const started = Date.now();
    expect(await fetchMeasurementId(url, 'G-LOCAL', clock)).toBe('G-LOCAL');
    expect(Date.now() - started).toBeLessThan(5000);
    warn.mockRestore();
  });
});

describe('page-view payloads', () => {
  it('accepts site paths only and strips query and fragment', () => {
    expect(pageViewSchema.safeParse({ path: '/weddings/anna-petr' }).success).toBe(true);
    for (const bad of ['', 'weddings', 'https://x.cz/', '/a b', '/api/health', '/_next/static/x.js', '/admin/bookings', '/' + 'a'.repeat(200), '/<script>']) {
      expect(pageViewSchema.safeParse({ path: bad }).success, bad).toBe(false);
    }
    expect(normalisePath('/portfolio/')).toBe('/portfolio');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/cenik?x=1#y')).toBe('/cenik');
  });
});
