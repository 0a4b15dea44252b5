/**
 * Database down: the site runs on a private PostgreSQL server that the test stops (immediate shutdown, like a
 * crash) and starts again. While it is down, inquiries get the Czech "try again" message — the JSON API with a
 * 503, the no-JavaScript form with every typed value kept — the content pages keep answering,
 * and /api/ready reports the database. When it is back, inquiries are accepted again without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../e2e/harness';
import { hasPostgres, postInquiry, privatePostgres, startServer, timedGet, validInquiry, type RunningServer } from './helpers';

const TRY_AGAIN = /Zkuste to prosím znovu/;

describe.runIf(hasPostgres)('PostgreSQL stopped under a running site', () => {
  let pg: Awaited<ReturnType<typeof privatePostgres>>;
  let server: RunningServer;
  let contentPaths: string[] = [];

  beforeAll(async () => {
    pg = await privatePostgres();
    server = await startServer({ DATABASE_URL: pg.url, INQUIRY_MIN_FILL_MS: '0' });
    expect((await postInquiry(server.url, validInquiry('dbdown', 1))).status).toBe(201);
    // Content pages to check: the fixed ones plus the first wedding and blog post the lists link to.
    const home = await (await fetch(`${server.url}/portfolio`)).text();
    const wedding = /href="(\/weddings\/[a-z0-9-]+)"/.exec(home)?.[1];
    const blog = /href="(\/blog\/[a-z0-9-]+)"/.exec(await (await fetch(`${server.url}/blog`)).text())?.[1];
    contentPaths = ['/', '/portfolio', '/blog', '/cenik', '/faq', ...(wedding ? [wedding] : []), ...(blog ? [blog] : [])];
    pg.stop();
  });
  afterAll(async () => {
    await server?.stop();
    pg?.destroy();
  });

  it('answers inquiries with 503 and the Czech "try again" message', async () => {
    const r = await postInquiry(server.url, validInquiry('dbdown', 2));
    expect(r.status).toBe(503);
    expect(r.json?.error?.message).toMatch(TRY_AGAIN);
    expect(r.headers.get('retry-after')).toBeTruthy();
  });

  it('keeps the content pages working', async () => {
    for (const p of contentPaths) {
      const res = await timedGet(server.url + p, 5000);
      expect(res.status, `${p} while the database is down`).toBe(200);
    }
  });

  it('reports the database on /api/ready', async () => {
    const res = await timedGet(`${server.url}/api/ready`, 8000);
    expect(res.status).toBe(503);
    const body = JSON.parse(res.body) as { ready: boolean; checks: Record<string, { ok: boolean }> };
    expect(body.ready).toBe(false);
    expect(body.checks.database?.ok).toBe(false);
  });

  /**
   * The no-JavaScript form: a server action answers with the re-rendered page, so its HTTP status is Next's 200
   * (only the JSON API can answer 503); what the visitor must get is the message and every typed value.
   */
  async function submitFormWithoutJs(loadWhileDown: boolean): Promise<{ status: number; text: string; values: Record<string, string> }> {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: 'cs-CZ' });
      const page = await context.newPage();
      if (!loadWhileDown) pg.start();
      const form = await page.goto(`${server.url}/rezervace`);
      expect(form?.status()).toBe(200);
      if (!loadWhileDown) pg.stop();
      const v = validInquiry(loadWhileDown ? 'dbdownform-late' : 'dbdownform-early', 1);
      await page.fill('input[name="partner1"]', v.partner1);
      await page.fill('input[name="partner2"]', v.partner2);
      await page.fill('input[name="email"]', v.email);
      await page.fill('input[name="phone"]', v.phone);
      await page.fill('input[name="weddingDate"]', v.weddingDate);
      await page.fill('input[name="venue"]', v.venue);
      await page.fill('textarea[name="message"]', v.message);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.locator('form:has(input[name="partner1"]) button[type="submit"]').click(),
      ]);
      await page.waitForLoadState('domcontentloaded');
      const values = {
        partner1: await page.inputValue('input[name="partner1"]'),
        email: await page.inputValue('input[name="email"]'),
        venue: await page.inputValue('input[name="venue"]'),
        message: await page.inputValue('textarea[name="message"]'),
      };
      expect(values).toEqual({ partner1: v.partner1, email: v.email, venue: v.venue, message: v.message });
      return { status: response.status(), text: await page.locator('main').innerText(), values };
    } finally {
      await browser.close();
    }
  }

  // First, while no form has been rendered since the start (nothing about forms cached in the process).
  it('tells a visitor who opened the form during the outage to try again, keeping every value', async () => {
    const r = await submitFormWithoutJs(true);
    console.log(`[db down] form opened and submitted during the outage: HTTP ${r.status}`);
    expect(r.text).toMatch(TRY_AGAIN);
  });

  it('tells a visitor who opened the form before the outage to try again, keeping every value', async () => {
    const r = await submitFormWithoutJs(false);
    console.log(`[db down] form opened before the outage, submitted during it: HTTP ${r.status}`);
    expect(r.text).toMatch(TRY_AGAIN);
  });

  it('accepts inquiries again once the database is back, without a restart', async () => {
    pg.start();
    let status = 0;
    for (let i = 0; i < 20 && status !== 201; i++) {
      status = (await postInquiry(server.url, validInquiry('dbdown', 100 + i))).status;
      if (status !== 201) await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe(201);
    expect((await timedGet(`${server.url}/api/ready`, 8000)).status).not.toBe(0);
  });
});
