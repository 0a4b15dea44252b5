import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newContext, startServer, type RunningServer } from './harness';
import { startFakeStrapi, type FakeStrapi } from '../fakes/strapi';

/**
 * The /strapi-* pages read the Strapi provider whenever STRAPI_URL is set, even though the site itself keeps
 * CONTENT_SOURCE=local; a failing Strapi keeps its last good weddings (docs/decisions/090-stale-if-error.md).
 */
let strapi: FakeStrapi;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  strapi = await startFakeStrapi({ version: 'v5' });
  const { CONTENT_SOURCE: _ignored, ...strapiEnv } = strapi.env();
  // The registry caches results per source for a while; keep it short so the fallback test sees the outage.
  [server, browser] = await Promise.all([startServer({ ...strapiEnv, CONTENT_SOURCE: 'local', CONTENT_REVALIDATE_SECONDS: '1' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await strapi?.stop();
});

async function html(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(server.url + path);
  return { status: res.status, body: await res.text() };
}

describe('Strapi pages with a configured Strapi server', () => {
  it('show the Strapi weddings while /portfolio keeps the configured (sample) source', async () => {
    const list = await html('/strapi-portfolio');
    expect(list.status).toBe(200);
    expect(list.body).toContain('Fake Strapi: Veronika &amp; Lukáš');
    expect(list.body).toContain('href="/strapi-weddings/veronika-lukas"');
    expect(list.body).not.toContain('Tereza &amp; Jakub');

    const simple = await html('/strapi-portfolio-simple');
    expect(simple.body).toContain('Fake Strapi: Nikola &amp; David');

    const sample = await html('/portfolio');
    expect(sample.body).toContain('Tereza &amp; Jakub');
    expect(sample.body).not.toContain('Fake Strapi');
  });

  it('renders a Strapi wedding with its gallery through the media proxy', async () => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    const res = await page.goto(server.url + '/strapi-weddings/veronika-lukas');
    expect(res?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Fake Strapi: Veronika & Lukáš');
    expect(await page.locator('[data-testid="wedding-date"]').textContent()).toBe('18. května 2024');
    // The PDF in the media list is not an image and is skipped.
    expect(await page.locator('[data-testid="gallery-grid"] li').count()).toBe(3);
    const src = await page.locator('[data-testid="gallery-grid"] img').first().getAttribute('src');
    expect(decodeURIComponent(src ?? '')).toContain('/api/media/strapi/uploads/');
    const img = await fetch(new URL(src ?? '', server.url), { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/avif');
    await expectNoAxeViolations(page);

    const detail = await html('/strapi-wedding-detail?slug=nikola-david');
    expect(detail.body).toContain('Fake Strapi: Nikola &amp; David');
    await ctx.close();
  });

  it('keeps the last good Strapi weddings while Strapi fails, never the samples', async () => {
    strapi.setMode('server-error');
    // The cached Strapi list expires after CONTENT_REVALIDATE_SECONDS=1 and its refresh fails: wait until a failed
    // refresh has been seen (the diagnostics page counts them), then three more revalidation periods.
    await expect.poll(async () => /outage-failures">[1-9]/.test((await html('/strapi-test')).body), { timeout: 15_000 }).toBe(true);
    const failures = async () => Number(/outage-failures">(\d+)/.exec((await html('/strapi-test')).body)?.[1] ?? 0);
    const seen = await failures();
    await expect.poll(failures, { timeout: 20_000 }).toBeGreaterThanOrEqual(seen + 3);
    const list = await html('/strapi-portfolio');
    expect(list.status).toBe(200);
    expect(list.body).toContain('Fake Strapi: Veronika &amp; Lukáš');
    expect(list.body).not.toContain('Tereza &amp; Jakub');
    expect((await html('/strapi-weddings/veronika-lukas')).status).toBe(200);
    strapi.setMode('ok');
  });
});
