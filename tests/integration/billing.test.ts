process.env.LOG_LEVEL ??= 'error';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { rowsOf } from '@/db/client';
import { changeStatus, runMaintenance, submitInquiry } from '@/bookings/service.server';
import { findInquiry } from '@/bookings/repositories/inquiries.server';
import {
  acceptContract,
  confirmPayments,
  contractPdfForToken,
  contractView,
  documentsOf,
  issueFinalInvoice,
  markDepositPaid,
  proformaPdfForToken,
  readStatement,
  runDepositReminders,
  sendContract,
} from '@/billing/service.server';
import { qrPng } from '@/billing/pdf.server';
import { addDays, localToday } from '@/platform/dates';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { resetBookings, testConfig, validInquiry } from '@tests/support/bookings-factories';
import { camt053Statement, gpcStatement } from '@tests/support/bank-statements';

// The PDF fonts are derived files (.fonts/pdf), made before every build; make sure they exist for this run.
execFileSync('node', ['scripts/subset-fonts.mjs'], { stdio: 'ignore' });

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

describe.each([
  ['pglite' as const, true],
  ['postgres' as const, hasPostgres],
])('billing on %s', (kind, enabled) => {
  let h: DbHandle;
  const getDb = async () => h.db;

  beforeAll(async () => {
    if (enabled) h = await createTestDb(kind);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    if (!enabled) return;
    await resetBookings(h);
    await h.db.execute(sql`TRUNCATE contracts, deposits, bank_payments, invoices, invoice_counters, bank_csv_mappings CASCADE`);
  });

  async function heldInquiry(over: Record<string, unknown> = {}, daysAhead = 200) {
    const res = await submitInquiry(getDb, { kind: 'full', raw: validInquiry(daysAhead, over), clientAddress: '203.0.113.7', packageIds: [], config: testConfig });
    if (!res.ok) throw new Error(res.message);
    const held = await changeStatus(h.db, { id: res.id, to: 'held', actor: 'anna@example.cz', config: testConfig });
    if (!held.ok) throw new Error(held.message);
    return (await findInquiry(h.db, res.id))!;
  }
  const tokenOf = (url: string) => url.split('/smlouva/')[1];
  const mails = async (kindName: string) =>
    rowsOf<{ to_address: string; subject: string; text: string; attachments: { filename: string; content: string; encoding?: string }[] | null }>(
      await h.db.execute(sql`SELECT to_address, subject, text, attachments FROM mail_outbox WHERE kind = ${kindName} ORDER BY id`),
    );

  it.runIf(enabled)('contract → acceptance → deposit with QR Platba → GPC and camt.053 (applied once) → confirmed → invoices 0001, 0002', async () => {
    const inquiry = await heldInquiry();
    const sent = await sendContract(h.db, { inquiryId: inquiry.id, price: 30000, note: 'Včetně dopravy do Lednice.', actor: 'anna@example.cz' });
    expect(sent.url).toMatch(/\/smlouva\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect((await mails('contract-sent'))[0].text).toContain(sent.url);
    const token = tokenOf(sent.url);

    const view = await contractView(h.db, token, testConfig);
    expect(view).toMatchObject({ status: 'sent', closedReason: null, deposit: null });
    expect(view.snapshot.price).toBe(30000);
    expect(view.snapshot.deposit.amount).toBe(9000);

    await expect(acceptContract(h.db, { token, names: '   ', account: null, clientAddress: '203.0.113.7', config: testConfig })).rejects.toMatchObject({ status: 400 });
    await expect(acceptContract(h.db, { token: `${token.slice(0, -2)}xx`, names: 'Jana a Petr', account: null, clientAddress: '203.0.113.7', config: testConfig })).rejects.toMatchObject({ status: 404 });

    await acceptContract(h.db, { token, names: 'Jana Nováková a Petr Svoboda', account: { key: 'builtin:7', email: 'jana@example.cz' }, clientAddress: '203.0.113.7', config: testConfig });
    await expect(acceptContract(h.db, { token, names: 'Jana Nováková a Petr Svoboda', account: null, clientAddress: '203.0.113.7', config: testConfig })).rejects.toMatchObject({ status: 409 });

    // The signed PDF: Czech text extracted intact, its SHA-256 recorded, mailed to both sides.
    const signed = await contractPdfForToken(h.db, token);
    const text = pdfText(signed.pdf);
    expect(text).toContain('Smlouva o dílo – svatební fotografování a rezervace termínu');
    expect(text).toContain('Jana Nováková a Petr Svoboda');
    expect(text).toContain('Zámek Lednice');
    expect(text).toContain('Poznámka zhotovitele: Včetně dopravy do Lednice.');
    expect(text).toContain('přihlášený účet builtin:7');
    const docs = await documentsOf(h.db, inquiry.id);
    expect(docs.contract).toMatchObject({ status: 'accepted', sha256: createHash('sha256').update(signed.pdf).digest('hex') });
    const accepted = await mails('contract-accepted');
    expect(accepted[0].to_address).toBe('jana@example.cz');
    const attached = Buffer.from(accepted[0].attachments![0].content, 'base64');
    expect(attached.equals(signed.pdf)).toBe(true);
    expect((await mails('contract-accepted-admin'))[0].to_address).toBe('anna@example.cz');

    // The deposit and its QR code.
    const vs = docs.deposit!.variableSymbol;
    expect(docs.deposit).toMatchObject({ amount: 9000, status: 'unpaid', dueDate: addDays(localToday(), 7) });
    const after = await contractView(h.db, token, testConfig);
    expect(after.deposit!.spayd).toBe(`SPD*1.0*ACC:CZ7508000000000123456789*AM:9000.00*CC:CZK*MSG:ZÁLOHA ${inquiry.reference}*X-VS:${vs}`);
    expect(await decodeQr(await qrPng(after.deposit!.spayd))).toBe(after.deposit!.spayd);
    expect(pdfText((await proformaPdfForToken(h.db, token)).pdf)).toContain(`Zálohová faktura č. ${vs}`);
    // The hold now lasts until the due day is over.
    expect((await findInquiry(h.db, inquiry.id))!.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    // GPC: one exact match; nothing applied yet.
    const payment = { date: localToday(), amount: 9000, vs, reference: '88001', name: 'Jana Nováková' };
    const gpc = await readStatement(h.db, gpcStatement([payment], { encoding: 'windows-1250' }));
    expect(gpc.matches).toEqual([expect.objectContaining({ bookingId: inquiry.id, amount: 9000, variableSymbol: vs, kind: 'exact', counterName: 'Jana Nováková' })]);
    expect((await documentsOf(h.db, inquiry.id)).deposit!.status).toBe('unpaid');

    // Two admins confirm at the same moment: applied once.
    const items = [{ paymentId: gpc.matches[0].paymentId, bookingId: inquiry.id }];
    const [a, b] = await Promise.all([confirmPayments(h.db, items, 'anna@example.cz', testConfig), confirmPayments(h.db, items, 'druhy@example.cz', testConfig)]);
    expect([a.results[0].applied, b.results[0].applied].sort()).toEqual([false, true]);
    const winner = a.results[0].applied ? a.results[0] : b.results[0];
    expect(winner).toMatchObject({ depositPaid: true, confirmed: true });
    const year = localToday().slice(0, 4);
    expect(winner.invoiceNumber).toBe(`${year}-0001`);
    expect((await findInquiry(h.db, inquiry.id))!.status).toBe('confirmed');
    expect((await mails('inquiry-confirmed'))[0].to_address).toBe('jana@example.cz');

    // The same payment in camt.053, and the GPC again: duplicates, applying them changes nothing.
    const camt = await readStatement(h.db, camt053Statement([payment]));
    expect(camt.matches).toEqual([expect.objectContaining({ paymentId: gpc.matches[0].paymentId, kind: 'duplicate' })]);
    expect((await readStatement(h.db, gpcStatement([payment]))).matches[0].kind).toBe('duplicate');
    const again = await confirmPayments(h.db, items, 'anna@example.cz', testConfig);
    expect(again.results[0].applied).toBe(false);
    expect((await documentsOf(h.db, inquiry.id)).deposit).toMatchObject({ paidAmount: 9000, status: 'paid' });

    // Cancellation math from the accepted terms (200 days before: 10 % of 30 000 against 9 000 paid).
    expect((await documentsOf(h.db, inquiry.id)).cancellation).toMatchObject({ percent: 10, fee: 3000, paid: 9000, refund: 6000, due: 0 });

    // Not before the wedding; after it (done), the final invoice takes the next number.
    await expect(issueFinalInvoice(h.db, inquiry.id)).rejects.toMatchObject({ status: 409 });
    expect((await changeStatus(h.db, { id: inquiry.id, to: 'done', actor: 'anna@example.cz', config: testConfig })).ok).toBe(true);
    const final = await issueFinalInvoice(h.db, inquiry.id);
    expect(final).toMatchObject({ number: `${year}-0002`, amount: 21000, created: true });
    expect((await issueFinalInvoice(h.db, inquiry.id)).created).toBe(false);
    const invoices = (await documentsOf(h.db, inquiry.id)).invoices;
    expect(invoices.map((i) => [i.number, i.kind, i.amount])).toEqual([
      [`${year}-0001`, 'deposit', 9000],
      [`${year}-0002`, 'final', 21000],
    ]);
  });

  it.runIf(enabled)('partial and unknown payments wait for her decision; a manual payment confirms', async () => {
    const inquiry = await heldInquiry();
    const { url } = await sendContract(h.db, { inquiryId: inquiry.id, actor: 'anna@example.cz' });
    await acceptContract(h.db, { token: tokenOf(url), names: 'Jana a Petr', account: null, clientAddress: 'unknown', config: testConfig });
    const docs = await documentsOf(h.db, inquiry.id);
    const vs = docs.deposit!.variableSymbol;
    const read = await readStatement(h.db, gpcStatement([
      { date: localToday(), amount: 1000, vs, reference: '1' },
      { date: localToday(), amount: 5000, vs: '12345', reference: '2' },
    ]));
    expect(read.matches.map((m) => m.kind)).toEqual(['partial', 'unknown']);
    expect(read.matches[0].reason).toMatch(/Nedoplatek/);
    const applied = await confirmPayments(h.db, [{ paymentId: read.matches[0].paymentId, bookingId: inquiry.id }], 'anna@example.cz', testConfig);
    expect(applied.results[0]).toMatchObject({ applied: true, depositPaid: false, confirmed: false });
    const manual = await markDepositPaid(h.db, inquiry.id, 'anna@example.cz', testConfig);
    expect(manual).toMatchObject({ depositPaid: true, confirmed: true });
    await expect(markDepositPaid(h.db, inquiry.id, 'anna@example.cz', testConfig)).rejects.toMatchObject({ status: 409 });
  });

  it.runIf(enabled)('reminders before and on the due day; past due the hold expires with a mail; a late payment is listed, not applied', async () => {
    const inquiry = await heldInquiry();
    const { url } = await sendContract(h.db, { inquiryId: inquiry.id, actor: 'anna@example.cz' });
    const token = tokenOf(url);
    await acceptContract(h.db, { token, names: 'Jana a Petr', account: null, clientAddress: 'unknown', config: testConfig });
    const { deposit } = await documentsOf(h.db, inquiry.id);
    const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+01:00`);
    expect(await runDepositReminders(h.db, at(addDays(deposit!.dueDate, -3)))).toEqual({ reminded: 0, expired: 0 });
    expect(await runDepositReminders(h.db, at(addDays(deposit!.dueDate, -1)))).toEqual({ reminded: 1, expired: 0 });
    expect(await runDepositReminders(h.db, at(addDays(deposit!.dueDate, -1)))).toEqual({ reminded: 0, expired: 0 });
    expect(await runDepositReminders(h.db, at(deposit!.dueDate))).toEqual({ reminded: 1, expired: 0 });
    // Still held on the due day's evening; the day after, the hold-expiry job releases the date.
    expect((await runMaintenance(h.db, testConfig, at(deposit!.dueDate, 23))).expired).toBe(0);
    const nextDay = at(addDays(deposit!.dueDate, 1), 2);
    expect((await runMaintenance(h.db, testConfig, nextDay)).expired).toBe(1);
    expect(await runDepositReminders(h.db, nextDay)).toEqual({ reminded: 0, expired: 1 });
    expect((await mails('deposit-reminder')).length).toBe(1);
    expect((await mails('deposit-due')).length).toBe(1);
    expect((await mails('deposit-expired'))[0].text).toContain('termín uvolnila');
    const late = await readStatement(h.db, gpcStatement([{ date: localToday(), amount: deposit!.amount, vs: deposit!.variableSymbol, reference: '9' }]));
    expect(late.matches[0]).toMatchObject({ kind: 'unknown', bookingId: inquiry.id });
    expect(late.matches[0].reason).toMatch(/vypršela/);
  });

  it.runIf(enabled)('a contract cannot be accepted after the hold expired or when another couple holds the date', async () => {
    const inquiry = await heldInquiry();
    const { url } = await sendContract(h.db, { inquiryId: inquiry.id, actor: 'anna@example.cz' });
    await runMaintenance(h.db, testConfig, new Date(Date.now() + 15 * 86_400_000));
    await expect(acceptContract(h.db, { token: tokenOf(url), names: 'Jana a Petr', account: null, clientAddress: 'unknown', config: testConfig })).rejects.toThrow(/Blokace termínu .* vypršela/);
    const other = await heldInquiry({ email: 'jina@example.cz', partner1: 'Eva Jiná' });
    expect(other.weddingDate).toBe(inquiry.weddingDate);
    await expect(acceptContract(h.db, { token: tokenOf(url), names: 'Jana a Petr', account: null, clientAddress: 'unknown', config: testConfig })).rejects.toThrow(/obsadila jiná svatba/);
    // A newer contract voids the older link.
    const second = await sendContract(h.db, { inquiryId: other.id, actor: 'anna@example.cz' });
    await sendContract(h.db, { inquiryId: other.id, actor: 'anna@example.cz' });
    await expect(contractView(h.db, tokenOf(second.url), testConfig)).rejects.toMatchObject({ status: 410 });
  });
});
