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

describe('smoke', () => {
  it('serves the home page in Czech with no axe violations', async () => {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    const res = await page.goto(server.url + '/');
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('cs');
    await expectNoAxeViolations(page);
    await ctx.close();
  });

  it('answers an unknown route with 404 and the spec message', async () => {
    const res = await fetch(server.url + '/neexistuje/hluboko');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Stránka nenalezena');
    expect(html).toContain('Page not found: /neexistuje/hluboko');
  });
});
