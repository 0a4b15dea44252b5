import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { StatementError, normaliseVs, type StatementPayment } from './types';

/**
 * A bank's CSV export, read with the column mapping the photographer chose once: which header holds the date, the
 * amount, the variable symbol and (optionally) the counter account, its name, the message and the bank's own id.
 */
export const csvMappingSchema = z.object({
  delimiter: z.enum([';', ',', '\t'], { error: 'Oddělovač musí být středník, čárka nebo tabulátor.' }),
  date: z.string().trim().min(1, { error: 'Vyberte sloupec s datem.' }).max(100),
  dateFormat: z.enum(['DD.MM.YYYY', 'YYYY-MM-DD'], { error: 'Formát data: DD.MM.YYYY nebo YYYY-MM-DD.' }),
  amount: z.string().trim().min(1, { error: 'Vyberte sloupec s částkou.' }).max(100),
  variableSymbol: z.string().trim().min(1, { error: 'Vyberte sloupec s variabilním symbolem.' }).max(100),
  counterAccount: z.string().trim().max(100).optional(),
  counterName: z.string().trim().max(100).optional(),
  message: z.string().trim().max(100).optional(),
  reference: z.string().trim().max(100).optional(),
});
export type CsvMapping = z.infer<typeof csvMappingSchema>;

function isoDate(raw: string, format: CsvMapping['dateFormat'], line: number): string {
  const m = format === 'DD.MM.YYYY' ? /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})/.exec(raw.trim()) : /^(\d{4})-(\d{2})-(\d{2})/.exec(raw.trim());
  if (!m) throw new StatementError(`Řádek ${line} výpisu CSV má datum „${raw}“, čekám formát ${format}.`);
  const [y, mo, d] = format === 'DD.MM.YYYY' ? [m[3], m[2], m[1]] : [m[1], m[2], m[3]];
  return `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/** "1 234,50", "1234.50", "+9 000", "9000 CZK" → haléře; null when it is not a number. */
export function csvAmountToHalers(raw: string): number | null {
  const cleaned = raw.replace(/[\s\u00a0]|CZK|Kč/g, '').replace(/^\+/, '');
  const m = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!m) return null;
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -value : value;
}

export function parseCsvStatement(text: string, mapping: CsvMapping): StatementPayment[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), { columns: true, delimiter: mapping.delimiter, skip_empty_lines: true, trim: true, relax_column_count: false });
  } catch (err) {
    throw new StatementError(`Výpis CSV nelze přečíst (${err instanceof Error ? err.message.split('\n')[0] : 'neznámá chyba'}). Je soubor úplný a má oddělovač „${mapping.delimiter}“?`);
  }
  if (!rows.length) throw new StatementError('Výpis CSV neobsahuje žádné řádky.');
  const headers = Object.keys(rows[0]);
  for (const col of [mapping.date, mapping.amount, mapping.variableSymbol]) {
    if (!headers.includes(col)) throw new StatementError(`Výpis CSV nemá sloupec „${col}“ z nastaveného mapování (sloupce: ${headers.join(', ')}).`);
  }
  const payments: StatementPayment[] = [];
  rows.forEach((row, i) => {
    const line = i + 2;
    const amount = csvAmountToHalers(row[mapping.amount] ?? '');
    if (amount === null) throw new StatementError(`Řádek ${line} výpisu CSV má neplatnou částku „${row[mapping.amount] ?? ''}“.`);
    if (amount <= 0) return;
    const opt = (col: string | undefined) => (col ? row[col]?.trim() || null : null);
    payments.push({
      bookedOn: isoDate(row[mapping.date] ?? '', mapping.dateFormat, line),
      amountHalers: amount,
      variableSymbol: normaliseVs(row[mapping.variableSymbol]),
      counterAccount: opt(mapping.counterAccount),
      counterName: opt(mapping.counterName),
      message: opt(mapping.message),
      bankReference: opt(mapping.reference),
    });
  });
  return payments;
}
