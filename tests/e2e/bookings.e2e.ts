import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { addDays, localToday } from '@/platform/dates';
import { expectNoAxeViolations, hydrated, launchBrowser, newContext, newDataDir, type RunningServer, startServer, startSmtp } from './harness';

/**
 * The booking journey end to end in Chromium against the production build: a couple checks a date and sends the
 * full inquiry (confirmation page + auto-reply read from a real SMTP server); the admin signs in, finds it, holds
 * the date (now taken on the public picker), confirms it (invite e-mail with ICS), exports CSV and the ICS feed.
 */
const ADMIN = { email: 'anna@example.cz', password: 'Fotky-Svatba-2026!' };
const COUPLE_EMAIL = 'jana.e2e@example.cz';
const DATE = addDays(localToday(), 200);

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let reference = '';
let admin: BrowserContext;
let adminPage: Page;

beforeAll(async () => {
  const dataDir = newDataDir();
  // The admin account is created in the site's database before the server opens it (PGlite: one process per dir).
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  smtp = await startSmtp();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: smtp.url, PHOTOGRAPHER_EMAIL: 'anna@example.cz', MAIL_FROM: 'Anna Nováková <rezervace@example.cz>', INQUIRY_MIN_FILL_MS: '0', INQUIRY_RATE_PER_CLIENT: '20' }, { dataDir }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

const czechDate = (iso: string) => new Intl.DateTimeFormat('cs-CZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

describe('bookings', () => {
  it('a couple checks the date and sends the full inquiry; the auto-reply arrives', async () => {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    const res = await page.goto(`${server.url}/rezervace`);
    expect(res?.status()).toBe(200);
    // The page comes from the render cache: its policy names its scripts' hashes, no per-request nonce.
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(res?.headers()['content-security-policy']).not.toContain("'nonce-");
    await expectNoAxeViolations(page);

    // With JavaScript the date is checked against the JSON API in place (no navigation).
    await hydrated(page, '#termin');
    const checked = page.waitForResponse((r) => r.url().includes('/api/availability') && r.url().includes(`from=${DATE}`));
    await page.fill('#termin', DATE);
    await page.click('button:has-text("Ověřit termín")');
    expect((await checked).status()).toBe(200);
    await expect.poll(() => page.textContent('[data-testid="check-result"]')).toContain('je zatím volný');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/rezervace');
    expect(await page.inputValue('#weddingDate')).toBe(DATE);
    await expectNoAxeViolations(page);

    // A first, incomplete submission is refused with Czech messages and keeps what was typed.
    await page.fill('#partner1', 'Jana Nováková');
    await page.click('button:has-text("Odeslat poptávku")');
    await page.waitForSelector('.form-summary');
    expect(await page.textContent('.form-summary')).toContain('Vyplňte prosím');
    expect(await page.inputValue('#partner1')).toBe('Jana Nováková');
    await expectNoAxeViolations(page);

    await page.fill('#partner2', 'Petr Svoboda');
    await page.fill('#email', COUPLE_EMAIL);
    await page.fill('#phone', '+420 777 123 456');
    await page.fill('#venue', 'Zámek Lednice');
    await page.fill('#town', 'Lednice');
    await page.fill('#ceremonyTime', '14:00');
    await page.fill('#guestCount', '80');
    await page.fill('#hours', '8');
    await page.fill('#message', 'Těšíme se na vás!');
    await page.selectOption('#source', 'instagram');
    await page.click('button:has-text("Odeslat poptávku")');
    await page.waitForURL(/\/rezervace\/odeslano\?ref=/);
    reference = ((await page.textContent('[data-testid="reference"]')) ?? '').trim();
    expect(reference).toMatch(/^SV-\d{4}-[A-Z0-9]{4}$/);
    // Let the client-side transition from the form finish before auditing the new page.
    await page.waitForLoadState('networkidle');
    await page.waitForSelector('form button[type="submit"]', { state: 'detached' });
    // Next streams metadata: after a client-side redirect the <title> arrives a moment after the content.
    await page.waitForFunction(() => document.title.includes('Poptávka odeslána'));
    await expectNoAxeViolations(page);

    const reply = await smtp.waitFor((m) => m.to.includes(COUPLE_EMAIL) && m.subject.includes(reference));
    expect(reply.text).toContain('Dobrý den');
    expect(reply.text).toContain(czechDate(DATE));
    expect(reply.html).toContain(reference);
    const toPhotographer = await smtp.waitFor((m) => m.to.includes('anna@example.cz') && m.subject.includes(reference));
    expect(toPhotographer.text).toContain('Zámek Lednice');
    await ctx.close();
  });

  it('the calendar of free dates loads its code when it is opened, and a free day fills the date field', async () => {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
    });
    const calendarCode = async () => (await Promise.all(scripts)).filter((body) => body.includes('kalendar-mesic')).length;
    const dates = page.waitForResponse((r) => r.url().includes('/api/availability'));
    await page.goto(`${server.url}/rezervace`);
    await hydrated(page, '#termin');
    expect((await dates).status()).toBe(200);
    await page.getByText('Zobrazit kalendář volných termínů').waitFor();
    expect(await calendarCode()).toBe(0);
    expect(await page.locator('#kalendar table').count()).toBe(0);

    await page.click('#kalendar summary');
    const free = page.locator('#kalendar td[data-state="free"] button').first();
    await free.waitFor();
    expect(await calendarCode()).toBe(1);
    await free.click();
    expect(await page.inputValue('#weddingDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await page.getAttribute('#kalendar td[data-state="free"] button[aria-pressed="true"]', 'aria-label')).toContain('volno');
    await expectNoAxeViolations(page);
    await ctx.close();
  });

  it('the short form and its page pass axe', async () => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    expect((await page.goto(`${server.url}/simple-booking`))?.status()).toBe(200);
    await expectNoAxeViolations(page);
    await ctx.close();
  });

  it('keeps the admin pages behind sign-in', async () => {
    const list = await fetch(`${server.url}/admin/bookings`, { redirect: 'manual' });
    expect([303, 307, 308]).toContain(list.status);
    expect(list.headers.get('location')).toContain('/admin/login');
    const csv = await fetch(`${server.url}/admin/export/inquiries.csv`);
    expect(csv.status).toBe(401);
  });

  it('the admin signs in, finds the inquiry, holds the date (taken on the public picker) and confirms it', async () => {
    admin = await newContext(browser, 'desktop');
    adminPage = await admin.newPage();
    await adminPage.goto(`${server.url}/admin/login?next=/admin`);
    await adminPage.fill('#identifier', ADMIN.email);
    await adminPage.fill('#password', ADMIN.password);
    await adminPage.click('button[type="submit"]');
    await adminPage.waitForURL(`${server.url}/admin`);
    await adminPage.waitForFunction(() => document.title.includes('přehled'));
    await expectNoAxeViolations(adminPage);

    await adminPage.goto(`${server.url}/admin/bookings`);
    await adminPage.fill('#q', reference);
    await adminPage.click('button:has-text("Použít")');
    await adminPage.waitForURL(/q=/);
    await expectNoAxeViolations(adminPage);
    await adminPage.click(`table a:has-text("${reference}")`);
    await adminPage.waitForURL(/\/admin\/bookings\/\d+$/);
    expect(await adminPage.textContent('main')).toContain('Zámek Lednice');
    await adminPage.waitForFunction(() => document.title.includes('Detail poptávky'));
    await expectNoAxeViolations(adminPage);

    await adminPage.selectOption('#to', 'held');
    await adminPage.click('button:has-text("Změnit stav")');
    await expect.poll(() => adminPage.textContent('h2#status-title')).toContain('Termín blokován');

    const avail = await fetch(`${server.url}/api/availability?from=${DATE}&to=${DATE}`);
    expect(await avail.json()).toEqual({ taken: [DATE] });
    const pub = await newContext(browser, 'phone');
    const page = await pub.newPage();
    await page.goto(`${server.url}/rezervace?termin=${DATE}&mesic=${DATE.slice(0, 7)}`);
    expect(await page.textContent('[data-testid="check-result"]')).toContain('už obsazený');
    expect(await page.getAttribute(`td[data-date="${DATE}"]`, 'data-state')).toBe('taken');
    expect(await page.textContent(`td[data-date="${DATE}"]`)).toContain('obsazeno');
    await expectNoAxeViolations(page);
    await pub.close();

    await adminPage.selectOption('#to', 'confirmed');
    await adminPage.click('button:has-text("Změnit stav")');
    await expect.poll(() => adminPage.textContent('h2#status-title')).toContain('Potvrzená');
    const invite = await smtp.waitFor((m) => m.to.includes(COUPLE_EMAIL) && m.subject.startsWith('Potvrzení rezervace'));
    const ics = invite.attachments.find((a) => a.filename === 'svatba.ics');
    expect(ics?.content).toContain('BEGIN:VEVENT');
    expect(ics?.content).toContain(`DTSTART;VALUE=DATE:${DATE.replaceAll('-', '')}`);
    expect(await adminPage.textContent('#history-title + ol')).toContain(ADMIN.email);
  });

  it('the admin exports CSV and subscribes to the ICS feed', async () => {
    const csv = await admin.request.get(`${server.url}/admin/export/inquiries.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const body = await csv.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = body.toString('utf8');
    expect(text).toContain('Číslo;Stav;');
    expect(text).toContain(`${reference};Potvrzená;Jana Nováková;Petr Svoboda;${COUPLE_EMAIL}`);

    await adminPage.goto(`${server.url}/admin`);
    const feedUrl = ((await adminPage.textContent('[data-testid="calendar-url"]')) ?? '').trim();
    expect(feedUrl).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const cal = await feed.text();
    expect(cal).toContain('BEGIN:VCALENDAR');
    expect(cal).toContain(reference);
    expect(cal).toContain(`DTSTART;VALUE=DATE:${DATE.replaceAll('-', '')}`);
    expect((await fetch(feedUrl.replace(/[A-Za-z0-9_-]+\.ics$/, 'wrong-token-0123456789.ics'))).status).toBe(404);

    await adminPage.goto(`${server.url}/admin/mail`);
    await expectNoAxeViolations(adminPage);
    await adminPage.goto(`${server.url}/admin/bookings/gdpr`);
    await expectNoAxeViolations(adminPage);
  });

  it('works without JavaScript: a refused form keeps its values, a valid one reaches the confirmation page', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, locale: 'cs-CZ', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/simple-booking`);
    await page.fill('#partner1', 'Lucie');
    await page.fill('#email', 'lucie-nojs@example.cz');
    await page.fill('#weddingDate', addDays(localToday(), 320));
    await page.fill('#message', 'Bez JavaScriptu');
    // The partner's name is missing (the browser's own check is skipped, as an old browser would).
    await page.evaluate(() => document.querySelector('form')?.setAttribute('novalidate', ''));
    const refused = await Promise.all([page.waitForNavigation(), page.click('button:has-text("Odeslat poptávku")')]);
    expect(refused[0]?.status()).toBeLessThan(500);
    expect(await page.textContent('.form-summary')).toContain('jméno partnera nebo partnerky');
    expect(await page.inputValue('#partner1')).toBe('Lucie');
    expect(await page.inputValue('#message')).toBe('Bez JavaScriptu');
    await page.fill('#partner2', 'Tomáš');
    await Promise.all([page.waitForURL(/\/rezervace\/odeslano\?ref=SV-/), page.click('button:has-text("Odeslat poptávku")')]);
    expect(await page.textContent('[data-testid="reference"]')).toMatch(/^\s*SV-/);

    // An oversized form post (over the server-action body limit) is refused without a 5xx.
    await page.goto(`${server.url}/simple-booking`);
    await page.evaluate(() => {
      (document.querySelector('#message') as HTMLTextAreaElement).value = 'x'.repeat(1_200_000);
    });
    const [big] = await Promise.all([page.waitForNavigation(), page.click('button:has-text("Odeslat poptávku")')]);
    expect(big?.status()).toBe(413);
    expect(await page.textContent('h1')).toContain('příliš velký');
    await ctx.close();
  });

  it('/rezervace works without JavaScript: the date check and the answers render per request, the inquiry arrives', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, locale: 'cs-CZ', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const date = addDays(localToday(), 290);
    // The cached page (hash policy) …
    const cached = await page.goto(`${server.url}/rezervace`);
    expect(cached?.headers()['content-security-policy']).not.toContain("'nonce-");
    // … asks for ?termin= without JavaScript, which is rendered per request with the answer and the date prefilled.
    await page.fill('#termin', date);
    const [checked] = await Promise.all([page.waitForNavigation(), page.click('button:has-text("Ověřit termín")')]);
    expect(checked?.status()).toBe(200);
    expect(checked?.headers()['content-security-policy']).toContain("'nonce-");
    expect(new URL(page.url()).searchParams.get('termin')).toBe(date);
    expect(await page.textContent('[data-testid="check-result"]')).toContain('je zatím volný');
    expect(await page.inputValue('#weddingDate')).toBe(date);
    // The calendar is in this page's HTML (no script has to load it): opened, it shows the month's free days.
    await page.click('#kalendar summary');
    expect(await page.locator('#kalendar table td[data-state="free"]').count()).toBeGreaterThan(0);
    expect(await page.locator('#kalendar table').isVisible()).toBe(true);

    // A refused form keeps what was typed (the partner's name is missing; the browser's own check is skipped).
    await page.fill('#partner1', 'Alena Bez JS');
    await page.fill('#email', 'alena-nojs@example.cz');
    await page.fill('#phone', '+420 603 111 222');
    await page.fill('#message', 'Poptávka bez JavaScriptu');
    const [refused] = await Promise.all([page.waitForNavigation(), page.click('button:has-text("Odeslat poptávku")')]);
    expect(refused?.status()).toBeLessThan(500);
    expect(await page.textContent('.form-summary')).toContain('Vyplňte prosím');
    expect(await page.inputValue('#partner1')).toBe('Alena Bez JS');
    expect(await page.inputValue('#weddingDate')).toBe(date);
    await page.fill('#partner2', 'Marek');
    await Promise.all([page.waitForURL(/\/rezervace\/odeslano\?ref=SV-/), page.click('button:has-text("Odeslat poptávku")')]);
    expect(await page.textContent('[data-testid="reference"]')).toMatch(/^\s*SV-/);

    // Straight from the cached page (no start token without JavaScript): one "send again" that keeps every value,
    // then the inquiry is accepted.
    await page.goto(`${server.url}/rezervace`);
    await page.fill('#partner1', 'Iva');
    await page.fill('#partner2', 'Ondřej');
    await page.fill('#email', 'iva-nojs@example.cz');
    await page.fill('#phone', '+420 604 222 333');
    await page.fill('#weddingDate', addDays(localToday(), 300));
    const [again] = await Promise.all([page.waitForNavigation(), page.click('button:has-text("Odeslat poptávku")')]);
    expect(again?.status()).toBeLessThan(500);
    expect(await page.textContent('[data-testid="form-message"]')).toContain('odešlete prosím formulář ještě jednou');
    expect(await page.inputValue('#partner2')).toBe('Ondřej');
    await Promise.all([page.waitForURL(/\/rezervace\/odeslano\?ref=SV-/), page.click('button:has-text("Odeslat poptávku")')]);
    expect(await page.textContent('[data-testid="reference"]')).toMatch(/^\s*SV-/);
    await ctx.close();
  });

  it('the admin list is usable on a phone (cards) and passes axe', async () => {
    const phone = await browser.newContext({ locale: 'cs-CZ', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, storageState: await admin.storageState() });
    const page = await phone.newPage();
    await page.goto(`${server.url}/admin/bookings`);
    expect(await page.isVisible(`ul[aria-label="Seznam poptávek"] >> text=${reference}`)).toBe(true);
    expect(await page.isVisible('table')).toBe(false);
    // The list starts on the first screen: the status chips are one sideways-scrolling row, the filters two rows.
    const firstCard = await page.locator('ul[aria-label="Seznam poptávek"] > li').first().boundingBox();
    expect(firstCard?.y).toBeLessThan(844);
    const chips = page.locator('nav[aria-label="Filtrovat podle stavu"] li');
    const rows = new Set(await chips.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top))));
    expect(rows.size).toBe(1);
    // A search keeps the status chosen with a chip.
    await page.click('nav[aria-label="Filtrovat podle stavu"] a:has-text("Nová")');
    await page.waitForURL(/stav=new/);
    await page.fill('#q', reference);
    await page.click('form[role="search"] button[type="submit"]');
    await page.waitForURL(/q=/);
    expect(new URL(page.url()).searchParams.get('stav')).toBe('new');
    await expectNoAxeViolations(page);
    await phone.close();
  });

  it('flags a second inquiry for a confirmed date and links the confirmed one when its hold is refused', async () => {
    const res = await fetch(`${server.url}/api/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ partner1: 'Lucie', partner2: 'Tomáš', email: 'lucie.e2e@example.cz', phone: '+420 608 333 444', weddingDate: DATE, venue: 'Statek', town: 'Kolín', guestCount: 60, consent: true }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const second = ((await res.json()) as { reference: string }).reference;

    await adminPage.goto(`${server.url}/admin/bookings?q=${encodeURIComponent(second)}`);
    const row = adminPage.locator('table tbody tr', { hasText: second });
    await expect.poll(() => row.textContent()).toContain('Stejné datum: ještě 1\u00a0poptávka');
    await row.locator(`a:has-text("${second}")`).click();
    await adminPage.waitForURL(/\/admin\/bookings\/\d+$/);
    const sameDate = adminPage.locator('section[aria-labelledby="same-date-title"]');
    expect(await sameDate.textContent()).toContain(reference);
    expect(await sameDate.textContent()).toContain('Potvrzená');
    await expectNoAxeViolations(adminPage);

    await adminPage.selectOption('#to', 'held');
    await adminPage.click('button:has-text("Změnit stav")');
    const alert = adminPage.locator('[data-testid="admin-result"]');
    await expect.poll(() => alert.textContent()).toContain(`už má potvrzená poptávka ${reference}`);
    await alert.locator(`a:has-text("${reference}")`).click();
    await adminPage.waitForURL(/\/admin\/bookings\/\d+$/);
    await expect.poll(() => adminPage.textContent('h2#status-title')).toContain('Potvrzená');
    expect(await adminPage.textContent('section[aria-labelledby="same-date-title"]')).toContain(second);
  });

  it('the JSON API answers 201 with a reference and honours Idempotency-Key', async () => {
    const body = JSON.stringify({ partner1: 'Eva', partner2: 'Adam', email: 'eva@example.cz', phone: '+420 608 111 222', weddingDate: addDays(localToday(), 250), venue: 'Mlýn', town: 'Brno', guestCount: 40, consent: true });
    const send = () => fetch(`${server.url}/api/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'e2e-key-000001' }, body });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const [ra, rb] = (await Promise.all([a.json(), b.json()])) as { reference: string }[];
    expect(rb.reference).toBe(ra.reference);
    const bad = await fetch(`${server.url}/api/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":1}' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.email).toBeTruthy();
    const huge = await fetch(`${server.url}/api/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'x'.repeat(1024 * 1024) }) });
    expect(huge.status).toBe(413);
  });
});
