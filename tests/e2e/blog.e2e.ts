import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newContext, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('blog', () => {
  it.each(['phone', 'desktop'] as const)('lists posts and opens one (%s)', async (device) => {
    const ctx = await newContext(browser, device);
    const page = await ctx.newPage();
    const res = await page.goto(server.url + '/blog');
    expect(res?.status()).toBe(200);
    const cards = page.locator('main article');
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    const first = cards.first();
    expect(await first.locator('time').textContent()).toMatch(/^\d{1,2}\. [a-zěščřžýáíéůú]+ \d{4}$/);
    expect(await first.textContent()).toMatch(/\d+ min čtení/);
    expect(await first.locator('img').getAttribute('width')).toBeTruthy();
    await expectNoAxeViolations(page);

    const title = (await first.locator('h2').textContent()) ?? '';
    await first.locator('a').click();
    await page.waitForURL(/\/blog\/[a-z0-9-]+$/);
    expect(await page.locator('h1').textContent()).toBe(title);
    expect(await page.locator('.prose h2').count()).toBeGreaterThan(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld['@type']).toBe('BlogPosting');
    expect(ld.headline).toBe(title);
    await expectNoAxeViolations(page);
    await ctx.close();
  });

  it('shows related weddings as cards', async () => {
    const html = await (await fetch(server.url + '/blog/harmonogram-svatebniho-dne')).text();
    expect(html).toContain('Svatby k tématu');
    expect(html).toContain('href="/weddings/tereza-jakub"');
  });

  it('answers an unknown post with 404', async () => {
    expect((await fetch(server.url + '/blog/neexistuje')).status).toBe(404);
    expect((await fetch(server.url + '/blog/Spatny_Slug')).status).toBe(404);
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    const res = await page.goto(server.url + '/blog/neexistuje');
    expect(res?.status()).toBe(404);
    expect(await page.locator('[data-testid="error-message"]').textContent()).toBe('Page not found: /blog/neexistuje');
    await ctx.close();
  });
});
