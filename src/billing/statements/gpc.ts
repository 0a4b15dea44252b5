import { StatementError, normaliseVs, type StatementPayment } from './types';

/**
 * ABO/GPC, the fixed-width export of Czech banks: 128 characters a line. `074` is the statement header, `075` one
 * transaction (positions below, 1-based as the banks document them); `076`–`079` carry optional texts, kept as the
 * message of the transaction before them.
 *
 * 075: 1–3 type, 4–19 own account, 20–35 counter account, 36–48 transaction id, 49–60 amount in haléře,
 * 61 code (1 debit, 2 credit, 4 reversed debit, 5 reversed credit), 62–71 variable symbol, 72–81 bank code of the
 * counter account (4 after 2 zeros) and constant symbol, 82–91 specific symbol, 92–97 value date DDMMYY,
 * 98–117 counter account's name, 118 zero, 119–122 currency (0203 CZK), 123–128 due date DDMMYY.
 */
export const GPC_LINE = 128;

function ddmmyyToIso(s: string, line: number): string {
  if (!/^\d{6}$/.test(s)) throw new StatementError(`Řádek ${line} výpisu GPC má neplatné datum „${s}“.`);
  const dd = Number(s.slice(0, 2));
  const mm = Number(s.slice(2, 4));
  const yy = Number(s.slice(4, 6));
  const iso = `${2000 + yy}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) throw new StatementError(`Řádek ${line} výpisu GPC má neplatné datum „${s}“.`);
  return iso;
}

function account(raw: string, bankCode: string | null): string | null {
  const digits = raw.replace(/^0+/, '');
  if (!digits || !/^\d+$/.test(digits)) return null;
  const prefix = digits.length > 10 ? `${digits.slice(0, -10)}-` : '';
  const number = digits.slice(-10).replace(/^0+/, '');
  return `${prefix}${number}${bankCode ? `/${bankCode}` : ''}`;
}

export function looksLikeGpc(text: string): boolean {
  return /^074\d/.test(text.replace(/^\uFEFF/, ''));
}

export function parseGpc(text: string): StatementPayment[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  if (!lines.length || !lines[0].startsWith('074')) throw new StatementError('Soubor nezačíná hlavičkou výpisu GPC (řádek 074).');
  const payments: StatementPayment[] = [];
  let last: StatementPayment | null = null;
  lines.forEach((raw, index) => {
    const n = index + 1;
    // Some tools trim trailing spaces; a shorter line is padded back, a cut-off one is refused below.
    const line = raw.padEnd(GPC_LINE, ' ');
    if (raw.length > GPC_LINE) throw new StatementError(`Řádek ${n} výpisu GPC má ${raw.length} znaků místo ${GPC_LINE}.`);
    const type = line.slice(0, 3);
    if (type === '074') {
      if (raw.trimEnd().length < 100) throw new StatementError(`Výpis GPC je neúplný: hlavička na řádku ${n} je useknutá.`);
      last = null;
      return;
    }
    if (type === '075') {
      if (raw.length < 122) throw new StatementError(`Výpis GPC je neúplný: řádek ${n} je useknutý (${raw.length} znaků místo ${GPC_LINE}).`);
      const amountText = line.slice(48, 60);
      const code = line.slice(60, 61);
      if (!/^\d{12}$/.test(amountText) || !/^[1245]$/.test(code)) throw new StatementError(`Řádek ${n} výpisu GPC má neplatnou částku nebo kód účtování.`);
      const bankCode = line.slice(73, 77);
      const p: StatementPayment = {
        bookedOn: ddmmyyToIso(line.slice(91, 97), n),
        amountHalers: Number(amountText),
        variableSymbol: normaliseVs(line.slice(61, 71)),
        counterAccount: account(line.slice(19, 35), /^\d{4}$/.test(bankCode) && bankCode !== '0000' ? bankCode : null),
        counterName: line.slice(97, 117).trim() || null,
        message: null,
        bankReference: line.slice(35, 48).trim().replace(/^0+/, '') || null,
      };
      last = null;
      if (code === '2') {
        payments.push(p);
        last = p;
      }
      return;
    }
    if (/^07[6-9]$/.test(type)) {
      const current = last as StatementPayment | null;
      if (current) {
        const text = line.slice(3).trim();
        if (text) current.message = current.message ? `${current.message} ${text}` : text;
      }
      return;
    }
    throw new StatementError(`Řádek ${n} výpisu GPC má neznámý typ „${type.trim()}“ (čekám 074, 075 až 079).`);
  });
  return payments;
}
