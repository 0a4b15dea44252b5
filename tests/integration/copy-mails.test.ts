process.env.LOG_LEVEL ??= 'error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@tests/support/test-db';
import { mailOutbox } from '@/db/schema';
import { changeStatus, submitInquiry } from '@/bookings/service.server';
import { confirmationEmail, passwordChangedEmail, resetPasswordEmail } from '@/accounts/emails';
import { getTerms, termPlaceholders } from '@/site/public.server';
import { forbiddenIn } from '../copy/forbidden-phrases';
import { testConfig, validInquiry } from '@tests/support/bookings-factories';

/**
 * Renders every e-mail the site sends — the inquiry auto-replies (full, short, contact), the photographer's
 * notice, the booking confirmation and the three account e-mails — and checks them against the copy guard,
 * and that the booking terms in them come from content/terms.json and link the terms page.
 */
let h: DbHandle;
const getDb = async () => h.db;

beforeAll(async () => {
  h = await createTestDb('pglite');
});
afterAll(async () => {
  await h?.close();
});

function visible(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

describe('every e-mail', () => {
  it('reads in one voice, with the terms from content/terms.json and without the old wording', async () => {
    const submit = (kind: 'full' | 'simple' | 'contact', raw: unknown, address: string) =>
      submitInquiry(getDb, { kind, raw, idempotencyKey: null, clientAddress: address, packageIds: [], config: testConfig });
    const full = await submit('full', validInquiry(200, { partner1: 'Jana Nováková' }), '203.0.113.30');
    const simple = await submit('simple', { partner1: 'Eva', partner2: 'Adam', email: 'eva@example.cz', weddingDate: validInquiry(210).weddingDate }, '203.0.113.31');
    const contact = await submit('contact', { partner1: 'Petr', email: 'petr@example.cz', message: 'Dobrý den, máte volno?' }, '203.0.113.32');
    if (!full.ok || !simple.ok || !contact.ok) throw new Error('submit failed');
    expect(await changeStatus(h.db, { id: full.id, to: 'confirmed', actor: 'admin', config: testConfig })).toMatchObject({ ok: true });

    const rows = await h.db.select().from(mailOutbox);
    const kinds = rows.map((r) => r.kind).sort();
    expect(kinds).toEqual(['inquiry-autoreply', 'inquiry-autoreply', 'inquiry-autoreply', 'inquiry-confirmed', 'inquiry-new', 'inquiry-new', 'inquiry-new']);

    const account = [
      { kind: 'account-confirm', ...confirmationEmail('https://example.cz/ucet/potvrzeni?confirmation=abc') },
      { kind: 'account-reset', ...resetPasswordEmail('https://example.cz/ucet/obnova-hesla?code=abc') },
      { kind: 'account-changed', ...passwordChangedEmail(new Date('2026-11-23T10:00:00Z'), 'https://example.cz/ucet/zapomenute-heslo') },
    ];
    const problems: string[] = [];
    for (const m of [...rows.map((r) => ({ kind: r.kind, subject: r.subject, text: r.text, html: r.html ?? '' })), ...account]) {
      problems.push(...forbiddenIn(`${m.kind} (subject)`, m.subject), ...forbiddenIn(`${m.kind} (text)`, m.text), ...forbiddenIn(`${m.kind} (html)`, visible(m.html)));
    }
    expect(problems).toEqual([]);

    const t = termPlaceholders();
    const replies = rows.filter((r) => r.kind === 'inquiry-autoreply');
    for (const r of replies) expect(r.text.startsWith('Dobrý den,\n')).toBe(true);
    const inquiryReplies = replies.filter((r) => r.relatedId !== contact.reference);
    expect(inquiryReplies).toHaveLength(2);
    for (const r of inquiryReplies) {
      expect(r.text).toContain(`na ${t.holdDays} podržím`);
      expect(r.text).toContain(`záloha ${getTerms().depositPercent}\u00a0%`);
      expect(r.text).toMatch(/Obchodní podmínky ve znění ze dne [^:]+: http:\/\/[^\s]+\/obchodni-podminky\/verze\/\d{4}-\d{2}-\d{2}\n/);
      expect(r.html).toMatch(/\/obchodni-podminky\/verze\/\d{4}-\d{2}-\d{2}"/);
      expect(r.text).toMatch(/Vzorový formulář pro odstoupení od smlouvy: http:\/\/[^\s]+\/obchodni-podminky\/odstoupeni-od-smlouvy\n/);
    }
    const confirmed = rows.find((r) => r.kind === 'inquiry-confirmed');
    expect(confirmed?.text).toContain(`nejpozději ${t.balanceDueDays} po svatbě`);
    expect(confirmed?.text).toMatch(/\/obchodni-podminky\/verze\/\d{4}-\d{2}-\d{2}\n/);
    expect(confirmed?.html).toMatch(/\/obchodni-podminky\/verze\/\d{4}-\d{2}-\d{2}"/);
    expect(confirmed?.text).toContain('/obchodni-podminky/odstoupeni-od-smlouvy');
  });
});
