import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { camt053Statement, gpcStatement } from '@tests/support/bank-statements';
import { parseStatement } from './parse';
import { StatementError } from './types';

const payment = { date: '2026-11-20', amount: 9000, vs: '26123456', reference: '4711', name: 'Jana Nováková' };

describe('bank statements', () => {
  it('reads a GPC export, credits only, with the variable symbol, amount in haléře and the bank id', () => {
    const parsed = parseStatement(gpcStatement([payment, { ...payment, reference: '4712', credit: false, amount: 100 }]), null);
    expect(parsed.format).toBe('gpc');
    expect(parsed.payments).toEqual([
      { bookedOn: '2026-11-20', amountHalers: 900000, variableSymbol: '26123456', counterAccount: '2900123456/2010', counterName: 'Jana Nováková', message: null, bankReference: '4711' },
    ]);
  });

  it('decodes a Windows-1250 GPC export (Czech names intact)', () => {
    const parsed = parseStatement(gpcStatement([{ ...payment, name: 'Řehoř Žluťoučký' }], { encoding: 'windows-1250' }), null);
    expect(parsed.payments[0].counterName).toBe('Řehoř Žluťoučký');
  });

  it('refuses a truncated GPC export with a Czech message naming the line', () => {
    const full = gpcStatement([payment]).toString('utf8');
    const cut = Buffer.from(full.slice(0, full.length - 40), 'utf8');
    expect(() => parseStatement(cut, null)).toThrow(/neúplný: řádek 2/);
  });

  it('reads camt.053: the same payment as in the GPC export', () => {
    const parsed = parseStatement(camt053Statement([payment]), null);
    expect(parsed.format).toBe('camt053');
    expect(parsed.payments[0]).toMatchObject({ bookedOn: '2026-11-20', amountHalers: 900000, variableSymbol: '26123456', bankReference: '4711', counterName: 'Jana Nováková' });
  });

  it('refuses broken XML, XML that is not camt.053 and unknown formats, in Czech', () => {
    const xml = camt053Statement([payment]).toString('utf8');
    expect(() => parseStatement(Buffer.from(xml.slice(0, xml.length / 2)), null)).toThrow(/poškozený nebo neúplný/);
    expect(() => parseStatement(Buffer.from('<?xml version="1.0"?><Document><Foo/></Document>'), null)).toThrow(/není výpis camt\.053/);
    expect(() => parseStatement(Buffer.from('%PDF-1.7 binary'), null)).toThrow(StatementError);
    expect(() => parseStatement(Buffer.from('%PDF-1.7 binary'), null)).toThrow(/Neznámý formát výpisu/);
    expect(() => parseStatement(Buffer.alloc(0), null)).toThrow(/prázdný/);
  });

  it('reads a bank CSV with the saved mapping (Windows-1250, decimal comma), and asks for a mapping first', () => {
    const csv = iconv.encode('Datum;Objem;VS;Protiúčet;Název protiúčtu\n20.11.2026;"9 000,00";0026123456;2900123456/2010;Řehoř Nový\n21.11.2026;-150,00;;;\n', 'win1250');
    expect(() => parseStatement(csv, null)).toThrow(/nejprve nastavte/);
    const parsed = parseStatement(csv, { delimiter: ';', date: 'Datum', dateFormat: 'DD.MM.YYYY', amount: 'Objem', variableSymbol: 'VS', counterAccount: 'Protiúčet', counterName: 'Název protiúčtu' });
    expect(parsed.format).toBe('csv');
    expect(parsed.payments).toEqual([
      { bookedOn: '2026-11-20', amountHalers: 900000, variableSymbol: '26123456', counterAccount: '2900123456/2010', counterName: 'Řehoř Nový', message: null, bankReference: null },
    ]);
    expect(() => parseStatement(csv, { delimiter: ';', date: 'Den', dateFormat: 'DD.MM.YYYY', amount: 'Objem', variableSymbol: 'VS' })).toThrow(/nemá sloupec „Den“/);
  });
});
