import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { StatementError, normaliseVs, type StatementPayment } from './types';

/**
 * camt.053 (ISO 20022 BankToCustomerStatement), the XML statement of Czech banks. Each `Ntry` with
 * `CdtDbtInd` CRDT and a booked status is a payment. Czech banks carry the variable symbol in one of a few places:
 * the structured creditor reference (`VS:123`, `/VS/123`, or only digits), the end-to-end id (`/VS123/SS…/KS…`)
 * or the unstructured remittance text; the first that holds one wins.
 */
type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd'].includes(name),
});

const child = (n: unknown, key: string): unknown => (n && typeof n === 'object' ? (n as Node)[key] : undefined);
const path = (n: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((acc, k) => child(acc, k), n);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
function text(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  const inner = child(v, '#text');
  return typeof inner === 'string' ? inner.trim() || null : null;
}

export function looksLikeCamt053(text: string): boolean {
  const head = text.slice(0, 4000);
  return /<(\w+:)?Document[\s>]/.test(head) && /camt\.053/.test(head);
}

function vsFrom(candidate: string | null): string | null {
  if (!candidate) return null;
  const tagged = /(?:^|[/\s])VS[:/\s]?\s*(\d{1,10})(?!\d)/i.exec(candidate);
  if (tagged) return normaliseVs(tagged[1]);
  return /^\d{1,10}$/.test(candidate.trim()) ? normaliseVs(candidate) : null;
}

function amountToHalers(raw: string | null, n: number): number {
  if (!raw || !/^\d{1,15}(\.\d{1,2})?$/.test(raw)) throw new StatementError(`Záznam ${n} výpisu camt.053 má neplatnou částku „${raw ?? ''}“.`);
  const [whole, frac = ''] = raw.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export function parseCamt053(xml: string): StatementPayment[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new StatementError(`Soubor XML je poškozený nebo neúplný (řádek ${valid.err.line}): výpis camt.053 nelze přečíst.`);
  }
  const doc = parser.parse(xml) as Node;
  const statements = list(path(doc, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (!statements.length) throw new StatementError('Soubor XML není výpis camt.053 (chybí BkToCstmrStmt/Stmt).');
  const payments: StatementPayment[] = [];
  let n = 0;
  for (const stmt of statements) {
    for (const entry of list(child(stmt, 'Ntry'))) {
      n++;
      if (text(child(entry, 'CdtDbtInd')) !== 'CRDT') continue;
      const status = text(path(entry, 'Sts', 'Cd')) ?? text(child(entry, 'Sts'));
      if (status && status !== 'BOOK') continue;
      if (text(child(entry, 'RvslInd')) === 'true') continue;
      const amount = child(entry, 'Amt');
      const currency = child(amount, '@Ccy');
      if (typeof currency === 'string' && currency !== 'CZK') continue;
      const bookedOn = text(path(entry, 'BookgDt', 'Dt')) ?? text(path(entry, 'BookgDt', 'DtTm'))?.slice(0, 10) ?? null;
      if (!bookedOn || !/^\d{4}-\d{2}-\d{2}$/.test(bookedOn)) throw new StatementError(`Záznam ${n} výpisu camt.053 nemá datum zaúčtování.`);
      const tx = list(child(list(child(entry, 'NtryDtls'))[0], 'TxDtls'))[0];
      const strd = list(path(tx, 'RmtInf', 'Strd'));
      const candidates = [
        ...strd.map((s) => text(path(s, 'CdtrRefInf', 'Ref'))),
        text(path(tx, 'Refs', 'EndToEndId')),
        ...list(path(tx, 'RmtInf', 'Ustrd')).map(text),
      ];
      let vs: string | null = null;
      for (const c of candidates) {
        vs = vsFrom(c);
        if (vs) break;
      }
      const debtorAccount = text(path(tx, 'RltdPties', 'DbtrAcct', 'Id', 'Othr', 'Id')) ?? text(path(tx, 'RltdPties', 'DbtrAcct', 'Id', 'IBAN'));
      const debtorBank = text(path(tx, 'RltdAgts', 'DbtrAgt', 'FinInstnId', 'Othr', 'Id'));
      payments.push({
        bookedOn,
        amountHalers: amountToHalers(text(amount), n),
        variableSymbol: vs,
        counterAccount: debtorAccount ? (debtorBank && !debtorAccount.includes('/') ? `${debtorAccount}/${debtorBank}` : debtorAccount) : null,
        counterName: text(path(tx, 'RltdPties', 'Dbtr', 'Nm')) ?? text(path(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm')),
        message: list(path(tx, 'RmtInf', 'Ustrd')).map(text).filter(Boolean).join(' ') || null,
        bankReference: text(child(entry, 'AcctSvcrRef')) ?? text(path(tx, 'Refs', 'AcctSvcrRef')),
      });
    }
  }
  return payments;
}
