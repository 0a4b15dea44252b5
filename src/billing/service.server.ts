import 'server-only';
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '@/db/client';
import { isUniqueViolation } from '@/db/client';
import { changeStatus, clientHash, getInquiry, isDateFree, setHoldExpiry, type BookingConfig, type InquiryDetail } from '@/bookings/public.server';
import { getPricing, getSiteInfo, getTerms, stornoLines, vatLabel } from '@/site/public.server';
import { addDays, daysBetween, formatCzechDate, localToday, TIME_ZONE } from '@/platform/dates';
import { siteUrl } from '@/platform/env';
import { log } from '@/platform/log';
import { queueMail } from '@/platform/mail.server';
import { settingOrCreate } from '@/platform/settings.server';
import { contractText } from './contract-text';
import { depositAmount, formatKc, qrPlatba, stornoQuote, variableSymbolFor, type StornoQuote } from './money';
import { contractPdf, invoicePdf, proformaPdf } from './pdf.server';
import * as contractsRepo from './repositories/contracts.server';
import type { ContractRecord, DepositRecord } from './repositories/contracts.server';
import * as invoicesRepo from './repositories/invoices.server';
import * as paymentsRepo from './repositories/payments.server';
import type { ContractSnapshot, InvoiceSnapshot, Supplier } from './snapshot';
import { csvMappingSchema, type CsvMapping } from './statements/csv';
import { parseStatement } from './statements/parse';
import { StatementError } from './statements/types';

/**
 * The billing rules: a contract from the held inquiry, its acceptance by the couple, the deposit with QR Platba,
 * bank statements matched to deposits, invoices with a gapless yearly series, the storno math. Status changes of the
 * booking go through the bookings service (its transition table and date lock); see
 * docs/decisions/080-billing-documents.md and 081-payment-matching.md.
 */

/** A refusal with a Czech message and the HTTP status it maps to. */
export class BillingError extends Error {
  constructor(
    public readonly status: 400 | 404 | 409 | 410,
    message: string,
  ) {
    super(message);
    this.name = 'BillingError';
  }
}

const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

export function supplierFromSite(): Supplier {
  const p = getSiteInfo().photographer;
  return {
    name: p.name,
    brand: p.brand,
    street: p.street,
    city: p.city,
    postalCode: p.postalCode,
    ico: p.ico,
    vatLabel: vatLabel(p),
    email: p.email,
    phone: p.phone,
    bankAccount: p.bankAccount,
    iban: p.iban,
  };
}

function coupleNames(i: Pick<InquiryDetail, 'partner1' | 'partner2'>): string[] {
  return [i.partner1, i.partner2].filter((n): n is string => Boolean(n && n.trim()));
}

// ---------------------------------------------------------------------------------------------------------------
// Links: `/smlouva/{contractId}.{mac}` — the MAC (HMAC-SHA256 under a stored secret) proves the link came from us,
// so the couple's account page can show the same link again without the token being stored anywhere.

async function tokenSecret(db: Db): Promise<Buffer> {
  return Buffer.from(await settingOrCreate(db, 'billing.contract_link_secret', () => randomBytes(32).toString('base64url')), 'utf8');
}

async function tokenFor(db: Db, contractId: string): Promise<string> {
  const mac = createHmac('sha256', await tokenSecret(db)).update(`contract:${contractId}`).digest('base64url');
  return `${contractId}.${mac}`;
}

export async function contractUrl(db: Db, contractId: string): Promise<string> {
  return `${siteUrl()}/smlouva/${await tokenFor(db, contractId)}`;
}

const BAD_LINK = 'Odkaz na smlouvu je neplatný. Zkontrolujte prosím, že jste ho z e-mailu zkopírovali celý.';

async function contractFromToken(db: Db, token: string): Promise<ContractRecord> {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw new BillingError(404, BAD_LINK);
  const expected = Buffer.from((await tokenFor(db, m[1])).split('.')[1], 'utf8');
  const given = Buffer.from(m[2], 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new BillingError(404, BAD_LINK);
  const contract = await contractsRepo.findContract(db, m[1]);
  if (!contract) throw new BillingError(404, BAD_LINK);
  if (contract.status === 'void') throw new BillingError(410, 'Tento odkaz už neplatí: poslala jsem vám novější verzi smlouvy. Najdete ji v posledním e-mailu ode mě.');
  return contract;
}

// ---------------------------------------------------------------------------------------------------------------
// The contract

export interface SendContractInput {
  inquiryId: number;
  price?: number;
  note?: string;
  actor: string;
  now?: Date;
}

export async function sendContract(db: Db, req: SendContractInput): Promise<{ contractId: string; url: string; mailIds: number[] }> {
  const now = req.now ?? new Date();
  const inquiry = await getInquiry(db, req.inquiryId);
  if (!inquiry || inquiry.anonymizedAt) throw new BillingError(404, 'Poptávka nebyla nalezena.');
  if (inquiry.status !== 'held') {
    throw new BillingError(409, 'Smlouvu posílám jen k poptávce s blokovaným termínem. Nejdřív termín zablokujte (stav „Termín blokován“).');
  }
  if (!inquiry.weddingDate) throw new BillingError(409, 'Poptávka nemá datum svatby.');
  const pricing = getPricing();
  const pkg = inquiry.packageId ? pricing.packages.find((p) => p.id === inquiry.packageId) : undefined;
  const price = req.price ?? pkg?.price;
  if (price === undefined) throw new BillingError(400, 'Poptávka nemá balíček z ceníku: zadejte prosím cenu.');
  const terms = getTerms();
  const items: ContractSnapshot['items'] = pkg ? [{ label: `Balíček ${pkg.name}`, amount: pkg.price }] : [];
  if (!pkg || price !== pkg.price) items.push({ label: pkg ? 'Úprava ceny (doprava, doplňky a další dohodnuté položky)' : 'Svatební fotografování podle dohody', amount: price - (pkg?.price ?? 0) });
  const deposit = depositAmount(price, terms.depositPercent);
  const draft: Omit<ContractSnapshot, 'sections' | 'title'> = {
    version: 1,
    reference: inquiry.reference,
    supplier: supplierFromSite(),
    customer: { names: coupleNames(inquiry), email: inquiry.email, phone: inquiry.phone },
    wedding: { date: inquiry.weddingDate, venue: inquiry.venue, town: inquiry.town, ceremonyTime: inquiry.ceremonyTime },
    items,
    price,
    deposit: { percent: terms.depositPercent, amount: deposit, dueDays: terms.depositDueDays, variableSymbol: variableSymbolFor(inquiry.reference, inquiry.id) },
    storno: terms.storno.map((t, i) => ({ ...t, label: stornoLines(terms)[i]?.label ?? '' })),
    balanceDueDaysAfterWedding: terms.balanceDueDaysAfterWedding,
    terms: terms as unknown as Record<string, unknown>,
    termsSha256: sha256(JSON.stringify(terms)),
    note: req.note?.trim() ? req.note.trim() : null,
    sentOn: localToday(now),
  };
  const snapshot: ContractSnapshot = { ...draft, ...contractText(draft) };
  const pdf = await contractPdf(snapshot, null);
  const id = randomUUID();
  try {
    await contractsRepo.insertContract(db, { id, inquiryId: inquiry.id, price, depositAmount: deposit, snapshot, sentPdfSha256: sha256(pdf), sentAt: now, sentBy: req.actor });
  } catch (err) {
    if (err instanceof contractsRepo.ContractAlreadyAccepted) throw new BillingError(409, 'Smlouvu k této poptávce už snoubenci přijali; přijatá smlouva se nemění.');
    if (isUniqueViolation(err, 'contracts_live_key')) throw new BillingError(409, 'Smlouvu právě posílá někdo jiný. Obnovte prosím stránku.');
    throw err;
  }
  const url = await contractUrl(db, id);
  const site = getSiteInfo().photographer;
  const date = formatCzechDate(inquiry.weddingDate);
  const text = `Dobrý den,\n\nposílám vám smlouvu k vaší svatbě ${date} (rezervace ${inquiry.reference}). Přečtěte si ji prosím a přijměte ji na této stránce:\n${url}\n\nCena: ${formatKc(price)}, záloha ${formatKc(deposit)} (${terms.depositPercent} %), splatná do ${terms.depositDueDays} dnů od přijetí smlouvy. Po přijetí uvidíte na stejné stránce zálohovou fakturu s QR kódem pro platbu.\n\nS pozdravem\n${site.name}\n${site.phone}\n`;
  const mailIds = [await queueMail(db, { to: inquiry.email, subject: `Smlouva k vaší svatbě ${date} – ${inquiry.reference}`, text, kind: 'contract-sent', relatedId: inquiry.reference })];
  log.info('contract sent', { reference: inquiry.reference, contractId: id });
  return { contractId: id, url, mailIds };
}

// ---------------------------------------------------------------------------------------------------------------
// The couple's view and acceptance

export interface ContractView {
  contractId: string;
  status: 'sent' | 'accepted';
  snapshot: ContractSnapshot;
  reference: string;
  acceptedAt: string | null;
  acceptedNames: string | null;
  /** Why acceptance is closed (hold expired, date taken), when it is. */
  closedReason: string | null;
  deposit: { amount: number; variableSymbol: string; dueDate: string; status: DepositRecord['status']; spayd: string } | null;
}

async function closedReason(db: Db, inquiry: InquiryDetail | null, config: BookingConfig, now: Date): Promise<string | null> {
  if (!inquiry || inquiry.anonymizedAt) return 'Rezervace už neexistuje.';
  const date = inquiry.weddingDate ? formatCzechDate(inquiry.weddingDate) : '';
  if (inquiry.status === 'held' && (!inquiry.holdExpiresAt || inquiry.holdExpiresAt > now)) return null;
  if (inquiry.status === 'held' || inquiry.status === 'expired') {
    if (inquiry.weddingDate && !(await isDateFree(db, inquiry.weddingDate, config))) {
      return `Termín ${date} mezitím obsadila jiná svatba, smlouvu proto už nelze přijmout. Napište mi prosím, domluvíme se.`;
    }
    return `Blokace termínu ${date} mezitím vypršela, smlouvu proto už nelze přijmout. Napište mi prosím – je-li termín stále volný, pošlu vám novou.`;
  }
  return `Rezervace je ve stavu, kdy smlouvu nelze přijmout. Napište mi prosím.`;
}

export async function contractView(db: Db, token: string, config: BookingConfig, now = new Date()): Promise<ContractView> {
  const contract = await contractFromToken(db, token);
  const inquiry = await getInquiry(db, contract.inquiryId);
  const deposit = contract.status === 'accepted' ? await contractsRepo.depositOf(db, contract.id) : null;
  return {
    contractId: contract.id,
    status: contract.status === 'accepted' ? 'accepted' : 'sent',
    snapshot: contract.snapshot,
    reference: contract.snapshot.reference,
    acceptedAt: contract.acceptedAt?.toISOString() ?? null,
    acceptedNames: contract.acceptedNames,
    closedReason: contract.status === 'sent' ? await closedReason(db, inquiry, config, now) : null,
    deposit: deposit
      ? {
          amount: deposit.amount,
          variableSymbol: deposit.variableSymbol,
          dueDate: deposit.dueDate,
          status: deposit.status,
          spayd: qrPlatba({ iban: contract.snapshot.supplier.iban, amount: deposit.amount, variableSymbol: deposit.variableSymbol, message: `Záloha ${contract.snapshot.reference}` }),
        }
      : null,
  };
}

/** The instant Europe/Prague midnight starts `day` (the hold ends when the deposit's due day is over). */
export function pragueMidnight(day: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', hourCycle: 'h23', day: '2-digit' }).formatToParts(guess);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? '0');
  return new Date(guess.getTime() - hour * 3_600_000);
}

export interface AcceptInput {
  token: string;
  names: unknown;
  /** The signed-in account, if any (`builtin:12`), and its e-mail. */
  account: { key: string; email: string } | null;
  clientAddress: string;
  config: BookingConfig;
  now?: Date;
}

export async function acceptContract(db: Db, req: AcceptInput): Promise<{ acceptedAt: string; mailIds: number[] }> {
  const now = req.now ?? new Date();
  const names = typeof req.names === 'string' ? req.names.replace(/\s+/g, ' ').trim() : '';
  const contract = await contractFromToken(db, req.token);
  if (contract.status === 'accepted') {
    throw new BillingError(409, `Smlouvu jste už přijali ${contract.acceptedAt ? formatCzechDate(localToday(contract.acceptedAt)) : ''}. Podepsané PDF máte v e-mailu a ke stažení na této stránce.`);
  }
  if (!names) throw new BillingError(400, 'Napište prosím svá jména – tím smlouvu potvrzujete.');
  if (names.length > 200) throw new BillingError(400, 'Jména mohou mít nejvýše 200 znaků.');
  const inquiry = await getInquiry(db, contract.inquiryId);
  const closed = await closedReason(db, inquiry, req.config, now);
  if (closed || !inquiry) throw new BillingError(409, closed ?? 'Rezervace už neexistuje.');

  const by = req.account
    ? `přihlášený účet ${req.account.key} (${req.account.email}) s odkazem zaslaným na ${inquiry.email}`
    : `odkaz zaslaný na e-mail ${inquiry.email}`;
  const signed = await contractPdf(contract.snapshot, { names, at: now, by });
  const today = localToday(now);
  const dueDate = addDays(today, contract.snapshot.deposit.dueDays);
  const address = req.clientAddress && req.clientAddress !== 'unknown' ? await clientHash(db, req.clientAddress) : null;
  const won = await contractsRepo.acceptContract(db, {
    id: contract.id,
    names,
    by,
    clientHash: address,
    at: now,
    signedPdf: signed,
    signedPdfSha256: sha256(signed),
    deposit: { contractId: contract.id, inquiryId: inquiry.id, amount: contract.depositAmount, variableSymbol: contract.snapshot.deposit.variableSymbol, dueDate, createdAt: now },
  });
  if (!won) throw new BillingError(409, 'Smlouvu jste už přijali. Podepsané PDF máte v e-mailu a ke stažení na této stránce.');

  // The hold now lasts until the deposit's due day is over; unpaid, it expires then (the hold-expiry job).
  await setHoldExpiry(db, {
    id: inquiry.id,
    until: pragueMidnight(addDays(dueDate, 1)),
    actor: 'systém (smlouva přijata)',
    note: `Smlouva přijata, záloha ${formatKc(contract.depositAmount)} splatná ${formatCzechDate(dueDate)}; do té doby je termín blokován.`,
    now,
  });

  const proforma = await proformaPdf(contract.snapshot, { amount: contract.depositAmount, variableSymbol: contract.snapshot.deposit.variableSymbol, dueDate, issuedOn: today });
  const url = await contractUrl(db, contract.id);
  const site = getSiteInfo().photographer;
  const s = contract.snapshot;
  const date = formatCzechDate(s.wedding.date);
  const pdfName = `smlouva-${s.reference}.pdf`;
  const attachments = [{ filename: pdfName, content: signed.toString('base64'), contentType: 'application/pdf', encoding: 'base64' as const }];
  const mailIds: number[] = [];
  mailIds.push(
    await queueMail(db, {
      to: inquiry.email,
      subject: `Přijatá smlouva a záloha – ${s.reference}`,
      text: `Dobrý den,\n\nděkuji, smlouvu k vaší svatbě ${date} jste přijali (${names}). Podepsanou smlouvu posílám v příloze – je to zároveň potvrzení obchodních podmínek v textové podobě.\n\nZálohu ${formatKc(contract.depositAmount)} prosím pošlete do ${formatCzechDate(dueDate)} na účet ${s.supplier.bankAccount}, variabilní symbol ${s.deposit.variableSymbol}. Zálohovou fakturu s QR kódem pro platbu najdete v příloze i na stránce smlouvy:\n${url}\n\nJakmile platba dorazí, termín je váš a pošlu vám potvrzení.\n\nS pozdravem\n${site.name}\n${site.phone}\n`,
      attachments: [...attachments, { filename: `zalohova-faktura-${s.deposit.variableSymbol}.pdf`, content: proforma.toString('base64'), contentType: 'application/pdf', encoding: 'base64' }],
      kind: 'contract-accepted',
      relatedId: s.reference,
    }),
  );
  mailIds.push(
    await queueMail(db, {
      to: site.email,
      subject: `Smlouva přijata – ${s.reference}, ${date}`,
      text: `Snoubenci ${names} přijali smlouvu k rezervaci ${s.reference} (${date}).\nPřijato: ${by}.\nZáloha ${formatKc(contract.depositAmount)}, VS ${s.deposit.variableSymbol}, splatná ${formatCzechDate(dueDate)}.\nSHA-256 podepsaného PDF: ${sha256(signed)}\n\nDetail: ${siteUrl()}/admin/bookings/${inquiry.id}\n`,
      attachments,
      kind: 'contract-accepted-admin',
      relatedId: s.reference,
    }),
  );
  log.info('contract accepted', { reference: s.reference });
  return { acceptedAt: now.toISOString(), mailIds };
}

/** The contract PDF for the couple's link: the signed one once accepted, else the draft as sent. */
export async function contractPdfForToken(db: Db, token: string): Promise<{ pdf: Buffer; fileName: string }> {
  const contract = await contractFromToken(db, token);
  const fileName = `smlouva-${contract.snapshot.reference}.pdf`;
  if (contract.status === 'accepted') {
    const pdf = await contractsRepo.signedPdf(db, contract.id);
    if (pdf) return { pdf, fileName };
  }
  return { pdf: await contractPdf(contract.snapshot, null), fileName };
}

export async function proformaPdfForToken(db: Db, token: string): Promise<{ pdf: Buffer; fileName: string }> {
  const contract = await contractFromToken(db, token);
  const deposit = contract.status === 'accepted' ? await contractsRepo.depositOf(db, contract.id) : null;
  if (!deposit) throw new BillingError(404, 'Zálohová faktura bude k dispozici po přijetí smlouvy.');
  const pdf = await proformaPdf(contract.snapshot, { amount: deposit.amount, variableSymbol: deposit.variableSymbol, dueDate: deposit.dueDate, issuedOn: localToday(deposit.createdAt) });
  return { pdf, fileName: `zalohova-faktura-${deposit.variableSymbol}.pdf` };
}

/** Contract links for the couple's account page: one per live contract of the inquiries attached to the account. */
export async function contractLinksFor(db: Db, inquiryIds: number[]): Promise<{ inquiryId: number; url: string; status: 'sent' | 'accepted' }[]> {
  const list = await contractsRepo.liveContractsFor(db, inquiryIds);
  return Promise.all(list.map(async (c) => ({ inquiryId: c.inquiryId, url: await contractUrl(db, c.id), status: c.status === 'accepted' ? ('accepted' as const) : ('sent' as const) })));
}

// ---------------------------------------------------------------------------------------------------------------
// Documents of a booking (admin)

export interface DocumentsDto {
  contract: { id: string; status: 'sent' | 'accepted'; sentAt: string; acceptedAt: string | null; acceptedNames: string | null; acceptedBy: string | null; sha256: string; price: number } | null;
  deposit: { amount: number; variableSymbol: string; dueDate: string; status: 'unpaid' | 'paid' | 'expired'; paidAmount: number; paidAt: string | null } | null;
  invoices: { number: string; kind: 'deposit' | 'final'; amount: number; issuedAt: string; dueOn: string | null; paidOn: string | null; sha256: string }[];
  cancellation: (StornoQuote & { weddingDate: string }) | null;
}

export async function documentsOf(db: Db, inquiryId: number, now = new Date()): Promise<DocumentsDto> {
  const inquiry = await getInquiry(db, inquiryId);
  if (!inquiry) throw new BillingError(404, 'Poptávka nebyla nalezena.');
  const contract = await contractsRepo.currentContract(db, inquiryId);
  const live = contract && contract.status !== 'void' ? contract : null;
  const deposit = live?.status === 'accepted' ? await contractsRepo.depositOf(db, live.id) : null;
  const invoices = await invoicesRepo.invoicesFor(db, inquiryId);
  return {
    contract: live
      ? {
          id: live.id,
          status: live.status === 'accepted' ? 'accepted' : 'sent',
          sentAt: live.sentAt.toISOString(),
          acceptedAt: live.acceptedAt?.toISOString() ?? null,
          acceptedNames: live.acceptedNames,
          acceptedBy: live.acceptedBy,
          sha256: live.signedPdfSha256 ?? live.sentPdfSha256,
          price: live.price,
        }
      : null,
    deposit:
      deposit && deposit.status !== 'void'
        ? { amount: deposit.amount, variableSymbol: deposit.variableSymbol, dueDate: deposit.dueDate, status: deposit.status, paidAmount: deposit.paidHalers / 100, paidAt: deposit.paidAt?.toISOString() ?? null }
        : null,
    invoices: invoices.map((i) => ({ number: i.number, kind: i.kind, amount: i.amount, issuedAt: i.issuedOn, dueOn: i.dueOn, paidOn: i.paidOn, sha256: i.pdfSha256 })),
    cancellation: live?.status === 'accepted' && inquiry.weddingDate ? { ...cancellationFor(live, deposit, inquiry.weddingDate, now), weddingDate: inquiry.weddingDate } : null,
  };
}

/** The storno fee for cancelling today, by the tiers in the contract the couple accepted, against the paid deposit. */
export function cancellationFor(contract: ContractRecord, deposit: DepositRecord | null, weddingDate: string, now = new Date()): StornoQuote {
  const paid = deposit ? Math.floor(deposit.paidHalers / 100) : 0;
  return stornoQuote(contract.snapshot.storno, contract.price, paid, daysBetween(localToday(now), weddingDate));
}

// ---------------------------------------------------------------------------------------------------------------
// Invoices

async function issueInvoice(
  db: Db,
  req: { kind: 'deposit' | 'final'; inquiry: InquiryDetail; contract: ContractRecord; items: InvoiceSnapshot['items']; paidOn: string | null; dueOn: string | null; now: Date },
): Promise<{ number: string; created: boolean }> {
  const issuedOn = localToday(req.now);
  const year = Number(issuedOn.slice(0, 4));
  const prefix = getSiteInfo().photographer.invoicePrefix;
  const total = req.items.reduce((sum, i) => sum + i.amount, 0);
  try {
    const number = await db.transaction(async (tx) => {
      if (await invoicesRepo.hasInvoice(tx, req.inquiry.id, req.kind)) return null;
      const seq = await invoicesRepo.nextInvoiceSeq(tx, year);
      const number = `${prefix}${year}-${String(seq).padStart(4, '0')}`;
      const snapshot: InvoiceSnapshot = {
        number,
        kind: req.kind,
        title: req.kind === 'deposit' ? 'Faktura – doklad o přijaté záloze' : 'Faktura – vyúčtování',
        supplier: supplierFromSite(),
        customer: { names: req.contract.snapshot.customer.names, email: req.contract.snapshot.customer.email },
        reference: req.inquiry.reference,
        variableSymbol: req.contract.snapshot.deposit.variableSymbol,
        items: req.items,
        total,
        issuedOn,
        paidOn: req.paidOn,
        dueOn: req.dueOn,
      };
      const pdf = await invoicePdf(snapshot);
      await invoicesRepo.insertInvoice(tx, { number, year, seq, kind: req.kind, inquiryId: req.inquiry.id, reference: req.inquiry.reference, amount: total, issuedOn, dueOn: req.dueOn, paidOn: req.paidOn, snapshot, pdf, pdfSha256: sha256(pdf), at: req.now });
      return number;
    });
    if (number) return { number, created: true };
  } catch (err) {
    if (!isUniqueViolation(err, 'invoices_kind_key')) throw err;
    // Issued a moment ago by another request: that one stands (and its number was taken in its own transaction).
  }
  const existing = (await invoicesRepo.invoicesFor(db, req.inquiry.id)).find((i) => i.kind === req.kind);
  if (!existing) throw new Error(`Inquiry ${req.inquiry.id}: ${req.kind} invoice neither issued nor found`);
  return { number: existing.number, created: false };
}

/** The final invoice (price − deposit), after the wedding: the wedding day has come, or the booking is done. */
export async function issueFinalInvoice(db: Db, inquiryId: number, now = new Date()): Promise<{ number: string; amount: number; created: boolean }> {
  const inquiry = await getInquiry(db, inquiryId);
  if (!inquiry) throw new BillingError(404, 'Poptávka nebyla nalezena.');
  const contract = await contractsRepo.currentContract(db, inquiryId);
  if (!contract || contract.status !== 'accepted') throw new BillingError(409, 'Konečnou fakturu lze vystavit až k přijaté smlouvě.');
  const today = localToday(now);
  const after = inquiry.status === 'done' || (inquiry.status === 'confirmed' && inquiry.weddingDate !== null && inquiry.weddingDate <= today);
  if (!after) throw new BillingError(409, 'Konečnou fakturu vystavím až po svatbě (potvrzená rezervace v den svatby či později, nebo dokončená).');
  const deposit = await contractsRepo.depositOf(db, contract.id);
  const depositInvoice = (await invoicesRepo.invoicesFor(db, inquiryId)).find((i) => i.kind === 'deposit');
  const items: InvoiceSnapshot['items'] = [...contract.snapshot.items];
  if (!items.length) items.push({ label: 'Svatební fotografování', amount: contract.price });
  if (deposit && deposit.status === 'paid') {
    items.push({ label: `Uhrazená záloha${depositInvoice ? ` (faktura ${depositInvoice.number})` : ''}`, amount: -deposit.amount });
  }
  const wedding = inquiry.weddingDate ?? today;
  const dueOn = [addDays(wedding, contract.snapshot.balanceDueDaysAfterWedding), addDays(today, 7)].sort().reverse()[0];
  const issued = await issueInvoice(db, { kind: 'final', inquiry, contract, items, paidOn: null, dueOn, now });
  return { ...issued, amount: items.reduce((s, i) => s + i.amount, 0) };
}

export async function invoiceList(db: Db) {
  return invoicesRepo.allInvoices(db);
}

export async function invoicePdfFile(db: Db, number: string): Promise<{ pdf: Buffer; fileName: string } | null> {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(number)) return null;
  const found = await invoicesRepo.invoicePdfByNumber(db, number);
  return found ? { pdf: found.pdf, fileName: `faktura-${found.number}.pdf` } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Payments: statements, matching, confirmation

export type MatchKind = 'exact' | 'partial' | 'unknown' | 'duplicate';

export interface MatchDto {
  paymentId: string;
  bookingId: number | null;
  reference: string | null;
  amount: number;
  variableSymbol: string | null;
  bookedOn: string;
  counterAccount: string | null;
  counterName: string | null;
  kind: MatchKind;
  /** Why a payment is not an exact match, in Czech, for her decision. */
  reason: string;
}

/**
 * The fingerprint that makes one payment one row: the day, the amount, the variable symbol and the bank's own id of
 * the transaction (else the counter account). The same payment in a GPC and a camt.053 export of the same bank
 * carries the same values.
 */
export function paymentFingerprint(p: { bookedOn: string; amountHalers: number; variableSymbol: string | null; bankReference: string | null; counterAccount: string | null }): string {
  const ref = p.bankReference?.replace(/^0+/, '') || p.counterAccount || '';
  return sha256(`${p.bookedOn}|${p.amountHalers}|${p.variableSymbol ?? ''}|${ref}`);
}

async function csvMapping(db: Db): Promise<CsvMapping | null> {
  const raw = await paymentsRepo.loadCsvMapping(db);
  const parsed = csvMappingSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export async function saveCsvMapping(db: Db, raw: unknown, now = new Date()): Promise<CsvMapping> {
  const mapping = csvMappingSchema.parse(raw);
  await paymentsRepo.saveCsvMapping(db, mapping, now);
  return mapping;
}

export async function getCsvMapping(db: Db): Promise<CsvMapping | null> {
  return csvMapping(db);
}

async function matchOf(db: Db, p: paymentsRepo.PaymentRecord, now: Date): Promise<MatchDto> {
  const base = { paymentId: p.id, amount: p.amountHalers / 100, variableSymbol: p.variableSymbol, bookedOn: p.bookedOn, counterAccount: p.counterAccount, counterName: p.counterName };
  if (p.status === 'applied') {
    const inquiry = p.inquiryId ? await getInquiry(db, p.inquiryId) : null;
    return { ...base, bookingId: p.inquiryId, reference: inquiry?.reference ?? null, kind: 'duplicate', reason: 'Tato platba už je započtená (stejný výpis nebo stejná platba v jiném formátu).' };
  }
  const deposit = p.variableSymbol ? (await contractsRepo.depositsByVs(db, p.variableSymbol))[0] : undefined;
  if (!deposit) return { ...base, bookingId: null, reference: null, kind: 'unknown', reason: p.variableSymbol ? `Variabilní symbol ${p.variableSymbol} nepatří k žádné záloze.` : 'Platba nemá variabilní symbol.' };
  const inquiry = await getInquiry(db, deposit.inquiryId);
  const ref = inquiry?.reference ?? null;
  const open = deposit.amount * 100 - deposit.paidHalers;
  if (deposit.status === 'paid') return { ...base, bookingId: deposit.inquiryId, reference: ref, kind: 'partial', reason: 'Záloha už je zaplacená – jde o přeplatek.' };
  const held = inquiry?.status === 'held' && (!inquiry.holdExpiresAt || inquiry.holdExpiresAt > now);
  if (deposit.status === 'expired' || !held) {
    return { ...base, bookingId: deposit.inquiryId, reference: ref, kind: 'unknown', reason: 'Blokace termínu mezitím vypršela: rozhodněte, zda platbu přijmete (a termín znovu zablokujete), nebo ji vrátíte.' };
  }
  if (p.amountHalers === open) return { ...base, bookingId: deposit.inquiryId, reference: ref, kind: 'exact', reason: 'Přesná úhrada zálohy.' };
  return {
    ...base,
    bookingId: deposit.inquiryId,
    reference: ref,
    kind: 'partial',
    reason: p.amountHalers < open ? `Nedoplatek: zbývá uhradit ${formatKc(open / 100)}, přišlo ${formatKc(p.amountHalers / 100)}.` : `Přeplatek: zbývalo ${formatKc(open / 100)}, přišlo ${formatKc(p.amountHalers / 100)}.`,
  };
}

/** Reads a statement, stores its incoming payments once and lists how each matches. Nothing is applied. */
export async function readStatement(db: Db, bytes: Uint8Array, now = new Date()): Promise<{ format: string; matches: MatchDto[] }> {
  let parsed;
  try {
    parsed = parseStatement(bytes, await csvMapping(db));
  } catch (err) {
    if (err instanceof StatementError) throw new BillingError(400, err.message);
    throw err;
  }
  const unique = new Map<string, paymentsRepo.NewPayment>();
  for (const p of parsed.payments) {
    const fingerprint = paymentFingerprint(p);
    if (!unique.has(fingerprint)) unique.set(fingerprint, { ...p, fingerprint, source: parsed.format });
  }
  const stored = await paymentsRepo.upsertPayments(db, [...unique.values()], now);
  const matches: MatchDto[] = [];
  for (const p of stored) matches.push(await matchOf(db, p, now));
  return { format: parsed.format, matches };
}

export interface ConfirmResult {
  paymentId: string;
  bookingId: number;
  applied: boolean;
  depositPaid: boolean;
  confirmed: boolean;
  invoiceNumber: string | null;
  message: string;
}

/**
 * Applies payments she confirmed: each is claimed once (a guarded update: of two admins confirming at the same
 * moment one applies it, the other is told it already was), added to the deposit; a deposit paid in full gets its
 * receipt invoice, and with the contract accepted the booking moves to „Potvrzená“ through the bookings service.
 */
export async function confirmPayments(db: Db, items: { paymentId: string; bookingId: number }[], actor: string, config: BookingConfig, now = new Date()): Promise<{ results: ConfirmResult[]; mailIds: number[] }> {
  const results: ConfirmResult[] = [];
  const mailIds: number[] = [];
  for (const item of items) {
    const base = { paymentId: item.paymentId, bookingId: item.bookingId, applied: false, depositPaid: false, confirmed: false, invoiceNumber: null };
    const payment = await paymentsRepo.findPayment(db, item.paymentId);
    if (!payment) {
      results.push({ ...base, message: 'Platba nebyla nalezena. Nahrajte výpis znovu.' });
      continue;
    }
    const deposit = await contractsRepo.depositForInquiry(db, item.bookingId);
    if (!deposit) {
      results.push({ ...base, message: 'Rezervace nemá zálohu (smlouva ještě není přijatá).' });
      continue;
    }
    const applied = await db.transaction(async (tx) => {
      if (!(await paymentsRepo.claimPayment(tx, payment.id, item.bookingId, actor, now))) return null;
      return contractsRepo.addToDeposit(tx, deposit.contractId, payment.amountHalers, now);
    });
    if (!applied) {
      results.push({ ...base, message: 'Tato platba už byla započtena.' });
      continue;
    }
    const outcome = await afterPayment(db, applied, deposit.status, actor, config, now);
    mailIds.push(...outcome.mailIds);
    results.push({ ...base, applied: true, depositPaid: applied.status === 'paid', confirmed: outcome.confirmed, invoiceNumber: outcome.invoiceNumber, message: outcome.message });
  }
  return { results, mailIds };
}

/** She marks the deposit paid by hand (cash, a payment she saw elsewhere): recorded as a payment of the rest. */
export async function markDepositPaid(db: Db, inquiryId: number, actor: string, config: BookingConfig, now = new Date()): Promise<ConfirmResult & { mailIds: number[] }> {
  const deposit = await contractsRepo.depositForInquiry(db, inquiryId);
  if (!deposit) throw new BillingError(409, 'Rezervace nemá zálohu (smlouva ještě není přijatá).');
  if (deposit.status === 'paid') throw new BillingError(409, 'Záloha už je zaplacená.');
  const rest = deposit.amount * 100 - deposit.paidHalers;
  const applied = await db.transaction(async (tx) => {
    const fresh = await contractsRepo.addToDeposit(tx, deposit.contractId, 0, now);
    if (fresh.status === 'paid' || fresh.paidHalers !== deposit.paidHalers) return null;
    const id = await paymentsRepo.insertManualPayment(tx, {
      fingerprint: `manual:${deposit.contractId}:${fresh.paidHalers}`,
      bookedOn: localToday(now),
      amountHalers: rest,
      variableSymbol: deposit.variableSymbol,
      counterAccount: null,
      counterName: null,
      message: 'Zaznamenáno ručně',
      bankReference: null,
      source: 'manual',
      inquiryId,
      by: actor,
      at: now,
    });
    return { id, deposit: await contractsRepo.addToDeposit(tx, deposit.contractId, rest, now) };
  });
  if (!applied) throw new BillingError(409, 'Záloha se mezitím změnila. Obnovte prosím stránku.');
  const outcome = await afterPayment(db, applied.deposit, deposit.status, actor, config, now);
  return { paymentId: applied.id, bookingId: inquiryId, applied: true, depositPaid: true, confirmed: outcome.confirmed, invoiceNumber: outcome.invoiceNumber, message: outcome.message, mailIds: outcome.mailIds };
}

async function afterPayment(db: Db, deposit: DepositRecord, before: DepositRecord['status'], actor: string, config: BookingConfig, now: Date): Promise<{ confirmed: boolean; invoiceNumber: string | null; message: string; mailIds: number[] }> {
  if (deposit.status !== 'paid') return { confirmed: false, invoiceNumber: null, message: `Započteno; ze zálohy zbývá ${formatKc((deposit.amount * 100 - deposit.paidHalers) / 100)}.`, mailIds: [] };
  const inquiry = await getInquiry(db, deposit.inquiryId);
  const contract = await contractsRepo.findContract(db, deposit.contractId);
  if (!inquiry || !contract) return { confirmed: false, invoiceNumber: null, message: 'Záloha je zaplacená.', mailIds: [] };
  const invoice = await issueInvoice(db, {
    kind: 'deposit',
    inquiry,
    contract,
    items: [{ label: `Záloha ${contract.snapshot.deposit.percent} % na svatební fotografování ${formatCzechDate(contract.snapshot.wedding.date)} (rezervace ${inquiry.reference})`, amount: deposit.amount }],
    paidOn: localToday(deposit.paidAt ?? now),
    dueOn: null,
    now,
  });
  if (contract.status !== 'accepted') return { confirmed: false, invoiceNumber: invoice.number, message: 'Záloha je zaplacená, smlouva ale ještě není přijatá.', mailIds: [] };
  if (inquiry.status === 'confirmed') return { confirmed: true, invoiceNumber: invoice.number, message: 'Záloha je zaplacená, rezervace už byla potvrzená.', mailIds: [] };
  if (inquiry.status !== 'held') {
    return {
      confirmed: false,
      invoiceNumber: invoice.number,
      message: `Záloha je zaplacená, ale rezervace je ve stavu, který potvrdit nelze${before === 'expired' ? ' (blokace vypršela)' : ''}. Termín nejdřív znovu zablokujte, pak ji potvrďte.`,
      mailIds: [],
    };
  }
  const changed = await changeStatus(db, { id: inquiry.id, to: 'confirmed', actor, note: `Záloha zaplacena (faktura ${invoice.number}), smlouva přijata.`, config, now });
  if (!changed.ok) return { confirmed: false, invoiceNumber: invoice.number, message: changed.message, mailIds: [] };
  return { confirmed: true, invoiceNumber: invoice.number, message: 'Záloha je zaplacená a rezervace potvrzená; snoubencům odešel e-mail.', mailIds: changed.mailIds };
}

// ---------------------------------------------------------------------------------------------------------------
// Reminders and expiry (a scheduled job)

const REMIND_DAYS_BEFORE = 2;

export async function runDepositReminders(db: Db, now = new Date()): Promise<{ reminded: number; expired: number }> {
  const today = localToday(now);
  const due = await contractsRepo.unpaidDepositsDueBy(db, addDays(today, REMIND_DAYS_BEFORE));
  let reminded = 0;
  let expired = 0;
  const site = getSiteInfo().photographer;
  for (const d of due) {
    const inquiry = await getInquiry(db, d.inquiryId);
    const contract = await contractsRepo.findContract(db, d.contractId);
    if (!inquiry || !contract) continue;
    const s = contract.snapshot;
    const url = await contractUrl(db, contract.id);
    const payLine = `Zálohu ${formatKc(d.amount)} pošlete prosím na účet ${s.supplier.bankAccount}, variabilní symbol ${d.variableSymbol}. QR kód pro platbu najdete na stránce smlouvy:\n${url}`;
    const sign = `\n\nS pozdravem\n${site.name}\n${site.phone}\n`;
    if (inquiry.status === 'expired' && d.dueDate < today) {
      if (await contractsRepo.markReminder(db, d.contractId, 3, true)) {
        expired++;
        await queueMail(db, {
          to: inquiry.email,
          subject: `Rezervace ${inquiry.reference} vypršela`,
          text: `Dobrý den,\n\nzáloha k rezervaci ${inquiry.reference} (svatba ${formatCzechDate(s.wedding.date)}) do ${formatCzechDate(d.dueDate)} nedorazila, a tak jsem podle obchodních podmínek termín uvolnila. Pokud jste platbu už poslali nebo o termín stále stojíte, napište mi prosím – je-li volný, domluvíme se.${sign}`,
          kind: 'deposit-expired',
          relatedId: inquiry.reference,
        });
      }
      continue;
    }
    if (inquiry.status !== 'held') continue;
    if (d.dueDate === today && d.remindersSent < 2) {
      if (await contractsRepo.markReminder(db, d.contractId, 2)) {
        reminded++;
        await queueMail(db, {
          to: inquiry.email,
          subject: `Dnes je splatná záloha – ${inquiry.reference}`,
          text: `Dobrý den,\n\ndnes (${formatCzechDate(d.dueDate)}) je splatná záloha k vaší svatbě ${formatCzechDate(s.wedding.date)}. ${payLine}\n\nPokud platba do konce dne nedorazí, termín podle obchodních podmínek uvolním.${sign}`,
          kind: 'deposit-due',
          relatedId: inquiry.reference,
        });
      }
    } else if (d.dueDate > today && d.remindersSent < 1) {
      if (await contractsRepo.markReminder(db, d.contractId, 1)) {
        reminded++;
        await queueMail(db, {
          to: inquiry.email,
          subject: `Připomínka zálohy – ${inquiry.reference}`,
          text: `Dobrý den,\n\npřipomínám zálohu k vaší svatbě ${formatCzechDate(s.wedding.date)}, splatnou ${formatCzechDate(d.dueDate)}. ${payLine}\n\nPokud jste už zaplatili, děkuji a tento e-mail prosím berte jako bezpředmětný.${sign}`,
          kind: 'deposit-reminder',
          relatedId: inquiry.reference,
        });
      }
    }
  }
  return { reminded, expired };
}
