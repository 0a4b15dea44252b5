/**
 * From a held date to a confirmed booking, against the production server in real Chromium: the photographer sends
 * the contract from /admin/bookings/{id}; the couple (signed in, their mailbox proven by the claim link) opens it from
 * /ucet, accepts with their names, gets the signed PDF by mail (its Czech text extracted with pdftotext) and sees the
 * deposit with a QR Platba code whose decoded payload is the expected SPAYD string; the photographer uploads a GPC
 * statement in /admin/platby and the same payment as camt.053 (applied once), the booking is „Potvrzená“ and the
 * couple got the mail; after the wedding the final invoice takes the next number. Bad links and statements get
 * Czech refusals.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { camt053Statement, gpcStatement } from '../support/bank-statements';
import { expectNoAxeViolations, hydrated, launchBrowser, newDataDir, newQuietContext, type RunningServer, startServer, startSmtp } from './harness';

const ADMIN = { email: 'anna@example.cz', password: 'Fotky-Svatba-2026!' };
const COUPLE = { email: 'jana.petr@example.cz', password: 'svatba-v-cervnu-2027' };

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let tmp = '';

beforeAll(async () => {
  tmp = newDataDir();
  smtp = await startSmtp();
  const handle = await openDb({ url: path.join(tmp, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url, AUTH_EMAIL_CONFIRMATION: 'false', AUTH_RATE_LIMIT: '100' }, { dataDir: tmp }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

async function signIn(page: Page, next: string, email: string, password: string) {
  await page.goto(`${server.url}${next}`);
  await hydrated(page);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Heslo', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
}

describe('contract, deposit and payment matching', () => {
  let auth: Record<string, string> = {};
  let bookingId = 0;
  let reference = '';
  let contractPath = '';
  let vs = '';
  let deposit = 0;
  let adminCtx: BrowserContext;
  let coupleCtx: BrowserContext;
  const api = (p: string, init: RequestInit = {}) => fetch(server.url + p, { ...init, headers: { ...auth, ...(init.headers as Record<string, string> | undefined) } });

  it('the admin bookings API finds the inquiry by reference and holds its date through the same rules', async () => {
    const weddingDate = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const sent = await fetch(`${server.url}/api/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ partner1: 'Jana Nováková', partner2: 'Petr Šťastný', email: COUPLE.email, phone: '+420 608 111 222', weddingDate, venue: 'Zámek Loučeň', town: 'Loučeň', guestCount: 70, packageId: 'cely-den', consent: true }),
    });
    expect(sent.status).toBe(201);
    reference = ((await sent.json()) as { reference: string }).reference;

    expect((await fetch(`${server.url}/api/admin/bookings?reference=${reference}`)).status).toBe(401);
    const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };

    const found = (await (await api(`/api/admin/bookings?reference=${reference}`)).json()) as { items: { id: number; reference: string; status: string }[] };
    expect(found.items).toEqual([expect.objectContaining({ reference, status: 'new' })]);
    bookingId = found.items[0].id;
    const bad = await api(`/api/admin/bookings/${bookingId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'nesmysl' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('Neznámý stav');
    const held = await api(`/api/admin/bookings/${bookingId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'held' }) });
    expect(held.status).toBe(200);
    expect(((await held.json()) as { status: string }).status).toBe('held');
    const list = (await (await api('/api/admin/bookings?status=held')).json()) as { items: { id: number }[] };
    expect(list.items.map((i) => i.id)).toContain(bookingId);
  });

  it('the photographer reviews the price, adds a note and sends the contract from /admin/bookings/{id}', async () => {
    adminCtx = await newQuietContext(browser, server.url);
    const page = await adminCtx.newPage();
    await signIn(page, `/admin/login?next=/admin/bookings/${bookingId}`, ADMIN.email, ADMIN.password);
    await page.waitForURL((u) => u.pathname === `/admin/bookings/${bookingId}`);
    await hydrated(page, '[data-testid="send-contract"]');
    await expect(page.getByLabel('Cena celkem (Kč)').inputValue()).resolves.toMatch(/^\d+$/);
    await page.getByLabel('Cena celkem (Kč)').fill('32000');
    await page.getByLabel('Poznámka do smlouvy (nepovinná)').fill('Cena zahrnuje dopravu do Loučeně.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Odeslat smlouvu' }).click();
    await page.getByTestId('contract-status').filter({ hasText: 'čeká na přijetí' }).waitFor();
    const docs = (await (await api(`/api/admin/bookings/${bookingId}/documents`)).json()) as { contract: { status: string; sha256: string }; deposit: unknown };
    expect(docs.contract.status).toBe('sent');
    expect(docs.contract.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(docs.deposit).toBeNull();
    const mail = await smtp.waitFor((m) => m.to.includes(COUPLE.email) && m.subject.startsWith('Smlouva k vaší svatbě'));
    contractPath = pathOf(/(https?:\/\/\S+\/smlouva\/\S+)/.exec(mail.text)![1]);
    expect(contractPath).toMatch(/^\/smlouva\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
  });

  it('the couple, signed in with the mailbox proven, opens the contract from /ucet and accepts it', async () => {
    const reg = await fetch(`${server.url}/api/auth/local/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: COUPLE.email, email: COUPLE.email, password: COUPLE.password }) });
    expect(reg.status).toBe(200);
    coupleCtx = await newQuietContext(browser, server.url, 'phone');
    const page = await coupleCtx.newPage();
    await signIn(page, '/ucet/prihlaseni', COUPLE.email, COUPLE.password);
    await page.waitForURL((u) => u.pathname === '/ucet');
    const reply = await smtp.waitFor((m) => m.to.includes(COUPLE.email) && m.subject.includes(reference) && m.text.includes('/ucet/pripojit-poptavku?t='));
    await page.goto(server.url + pathOf(/(https?:\/\/\S+\/ucet\/pripojit-poptavku\?t=\S+)/.exec(reply.text)![1]));
    await hydrated(page);
    await page.getByRole('button', { name: `Připojit poptávku ${reference}` }).click();
    await page.waitForURL((u) => u.pathname === '/ucet' && u.searchParams.get('pripojeno') === reference);
    await page.getByTestId('couple-contracts').getByRole('link', { name: new RegExp(`Smlouva k rezervaci ${reference}`) }).click();
    await page.waitForURL((u) => u.pathname === contractPath);
    await hydrated(page, '[data-testid="accept-form"]');
    await expect(page.locator('article').textContent()).resolves.toContain('Cena zahrnuje dopravu do Loučeně.');
    await expectNoAxeViolations(page);

    // Empty names: a Czech message, nothing stored. Then by keyboard: type the names, Enter submits.
    await page.getByRole('button', { name: 'Přijímám smlouvu' }).click();
    await expect(page.locator('.field-error').textContent()).resolves.toContain('Napište prosím svá jména');
    await page.getByLabel('Vaše jména').focus();
    await page.keyboard.type('Jana Nováková a Petr Šťastný');
    await page.keyboard.press('Enter');
    await page.getByTestId('contract-accepted').waitFor();
    await expectNoAxeViolations(page);

    // A second acceptance (the link used twice): 409 in Czech.
    const again = await fetch(`${server.url}/api/contracts/${contractPath.split('/').pop()}/accept`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ names: 'Někdo Jiný' }) });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toContain('Smlouvu jste už přijali');

    // The signed PDF by mail, Czech text intact, the same bytes as the download and the recorded SHA-256.
    const accepted = await smtp.waitFor((m) => m.to.includes(COUPLE.email) && m.subject.startsWith('Přijatá smlouva a záloha'));
    const pdf = accepted.attachments.find((a) => a.filename === `smlouva-${reference}.pdf`)!.bytes;
    const text = pdfText(pdf);
    expect(text).toContain('Smlouva o dílo – svatební fotografování a rezervace termínu');
    expect(text).toContain('Objednatel smlouvu přijal elektronicky');
    expect(text).toContain('Jana Nováková a Petr Šťastný');
    expect(text).toContain('Zámek Loučeň');
    expect(text).toContain('32 000 Kč');
    const downloaded = Buffer.from(await (await fetch(`${server.url}${contractPath}/smlouva.pdf`)).arrayBuffer());
    expect(downloaded.equals(pdf)).toBe(true);
    const docs = (await (await api(`/api/admin/bookings/${bookingId}/documents`)).json()) as { contract: { status: string; sha256: string; acceptedAt: string }; deposit: { amount: number; variableSymbol: string; dueDate: string; status: string } };
    expect(docs.contract).toMatchObject({ status: 'accepted', sha256: createHash('sha256').update(pdf).digest('hex') });
    expect(docs.deposit).toMatchObject({ amount: 9600, status: 'unpaid' });
    vs = docs.deposit.variableSymbol;
    deposit = docs.deposit.amount;
    await smtp.waitFor((m) => m.to.includes(ADMIN.email) && m.subject.startsWith('Smlouva přijata'));

    // The deposit with QR Platba: the decoded image is the expected SPAYD string.
    const src = await page.getByTestId('qr-platba').getAttribute('src');
    const png = Buffer.from(src!.split(',')[1], 'base64');
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
    expect(decoded).toBe(`SPD*1.0*ACC:CZ7508000000000123456789*AM:${deposit}.00*CC:CZK*MSG:ZÁLOHA ${reference}*X-VS:${vs}`);
    await expect(page.getByTestId('deposit-vs').textContent()).resolves.toBe(vs);
    const proforma = await fetch(`${server.url}${contractPath}/zalohova-faktura.pdf`);
    expect(proforma.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(Buffer.from(await proforma.arrayBuffer()))).toContain(`Zálohová faktura č. ${vs}`);
  });

  it('forged links and unreadable statements get Czech refusals', async () => {
    const forged = contractPath.replace(/.{4}$/, 'AAAA');
    expect((await fetch(`${server.url}${forged}`)).status).toBe(404);
    const accept = await fetch(`${server.url}/api/contracts/${forged.split('/').pop()}/accept`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ names: 'Jana' }) });
    expect(accept.status).toBe(404);
    expect(((await accept.json()) as { error: { message: string } }).error.message).toContain('Odkaz na smlouvu je neplatný');
    // The contract's page and PDFs are private: never cached, never indexed.
    const pdf = await fetch(`${server.url}${contractPath}/smlouva.pdf`);
    expect(pdf.headers.get('cache-control')).toContain('no-store');
    expect(pdf.headers.get('x-robots-tag')).toBe('noindex');
    const html = await (await fetch(`${server.url}${contractPath}`)).text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    // A cookie-authorised admin write from another site is refused, before anything is read.
    const cookie = (await adminCtx.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const crossSite = await fetch(`${server.url}/api/admin/bookings/${bookingId}/contract`, { method: 'POST', headers: { cookie, origin: 'https://zlypage.example', 'content-type': 'application/json' }, body: '{}' });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: { message: string } }).error.message).toBe('Požadavek z cizího webu odmítnut.');
    const upload = (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)]), name);
      return api('/api/admin/payments/statement', { method: 'POST', body: form });
    };
    const unknown = await upload(Buffer.from('%PDF-1.7\n\u0000binary'), 'vypis.pdf');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain('Neznámý formát výpisu');
    const gpc = gpcStatement([{ date: new Date().toISOString().slice(0, 10), amount: deposit, vs, reference: '5550001' }]);
    const truncated = await upload(gpc.subarray(0, gpc.length - 30), 'vypis.gpc');
    expect(truncated.status).toBe(400);
    expect(((await truncated.json()) as { error: { message: string } }).error.message).toContain('neúplný');
  });

  it('the photographer uploads a GPC statement, confirms; the camt.053 of the same payment changes nothing; the booking is confirmed', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const payment = { date: today, amount: deposit, vs, reference: '5550001', name: 'Jana Nováková' };
    const gpcFile = path.join(tmp, 'vypis.gpc');
    fs.writeFileSync(gpcFile, gpcStatement([payment, { date: today, amount: 1234, vs: '777', reference: '5550002', name: 'Neznámý plátce' }], { encoding: 'windows-1250' }));

    const page = await adminCtx.newPage();
    await page.goto(`${server.url}/admin/platby`);
    await hydrated(page, '[data-testid="statement-form"]');
    await expectNoAxeViolations(page);
    await page.getByLabel('Výpis z banky (GPC/ABO, camt.053 nebo CSV)').setInputFiles(gpcFile);
    await page.getByRole('button', { name: 'Načíst výpis' }).click();
    await page.getByTestId('matches').waitFor();
    await expect(page.locator('tr[data-kind="exact"]').textContent()).resolves.toContain('Přesná shoda');
    await expect(page.locator('tr[data-kind="unknown"]').textContent()).resolves.toContain('nepatří k žádné záloze');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Započítat vybrané' }).click();
    await expect(page.getByTestId('confirm-results').textContent()).resolves.toContain('rezervace potvrzená');

    const booking = (await (await api(`/api/admin/bookings?reference=${reference}`)).json()) as { items: { status: string }[] };
    expect(booking.items[0].status).toBe('confirmed');
    await smtp.waitFor((m) => m.to.includes(COUPLE.email) && m.subject.startsWith(`Potvrzení rezervace ${reference}`));

    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(camt053Statement([payment]))]), 'vypis.xml');
    const camt = (await (await api('/api/admin/payments/statement', { method: 'POST', body: form })).json()) as { matches: { paymentId: string; bookingId: number; kind: string; amount: number; variableSymbol: string }[] };
    expect(camt.matches).toEqual([expect.objectContaining({ bookingId, amount: deposit, variableSymbol: vs, kind: 'duplicate' })]);
    const confirm = await api('/api/admin/payments/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ matches: [{ paymentId: camt.matches[0].paymentId, bookingId }] }) });
    expect(((await confirm.json()) as { results: { applied: boolean }[] }).results[0].applied).toBe(false);
    const docs = (await (await api(`/api/admin/bookings/${bookingId}/documents`)).json()) as { deposit: { status: string; paidAmount: number }; invoices: { number: string; kind: string; amount: number }[] };
    expect(docs.deposit).toMatchObject({ status: 'paid', paidAmount: deposit });
    const year = new Date().getFullYear();
    expect(docs.invoices).toEqual([expect.objectContaining({ number: `${year}-0001`, kind: 'deposit', amount: deposit })]);
  });

  it('after the wedding the final invoice takes the next number; the CSV export lists both', async () => {
    const early = await api(`/api/admin/bookings/${bookingId}/invoices`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'final' }) });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toContain('po svatbě');
    const done = await api(`/api/admin/bookings/${bookingId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'done' }) });
    expect(done.status).toBe(200);
    const final = await api(`/api/admin/bookings/${bookingId}/invoices`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'final' }) });
    expect(final.status).toBe(201);
    const year = new Date().getFullYear();
    expect(await final.json()).toEqual({ number: `${year}-0002`, amount: 32000 - deposit });
    const pdf = await api(`/api/admin/invoices/${year}-0002`);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(`Faktura – vyúčtování č. ${year}-0002`);
    const csv = await (await api('/admin/export/invoices.csv')).text();
    expect(csv).toContain(`${year}-0001;Záloha`);
    expect(csv).toContain(`${year}-0002;Vyúčtování`);
    await adminCtx.close();
    await coupleCtx.close();
  });
});
