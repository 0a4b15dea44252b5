import { parseCamt053, looksLikeCamt053 } from './camt';
import { parseCsvStatement, type CsvMapping } from './csv';
import { decodeStatement } from './decode';
import { looksLikeGpc, parseGpc } from './gpc';
import { StatementError, type ParsedStatement } from './types';

/** Reads a statement export: GPC, camt.053 or (with a saved mapping) a bank CSV, in UTF-8 or Windows-1250. */
export function parseStatement(bytes: Uint8Array, csvMapping: CsvMapping | null): ParsedStatement {
  if (!bytes.length) throw new StatementError('Soubor výpisu je prázdný.');
  const { text } = decodeStatement(bytes);
  if (looksLikeGpc(text)) return { format: 'gpc', payments: parseGpc(text) };
  if (looksLikeCamt053(text)) return { format: 'camt053', payments: parseCamt053(text) };
  if (/^\s*</.test(text)) throw new StatementError('Soubor XML není výpis camt.053. Stáhněte z banky výpis ve formátu camt.053, GPC (ABO) nebo CSV.');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  // A binary file (a PDF statement, a spreadsheet) holds NUL bytes; a text export never does.
  if (/[;,\t]/.test(firstLine) && !text.includes('\u0000')) {
    if (!csvMapping) throw new StatementError('Pro výpisy CSV nejprve nastavte, které sloupce obsahují datum, částku a variabilní symbol.');
    return { format: 'csv', payments: parseCsvStatement(text, csvMapping) };
  }
  throw new StatementError('Neznámý formát výpisu. Nahrajte výpis ve formátu GPC (ABO), camt.053 (XML) nebo CSV.');
}
