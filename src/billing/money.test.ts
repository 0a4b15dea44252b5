import { describe, expect, it } from 'vitest';
import { depositAmount, qrPlatba, stornoQuote, variableSymbolFor } from './money';

const tiers = [
  { minDaysBefore: 181, percent: 10 },
  { minDaysBefore: 91, percent: 20 },
  { minDaysBefore: 31, percent: 30 },
  { minDaysBefore: 0, percent: 50 },
];

describe('billing money rules', () => {
  it('derives an 8-digit variable symbol from the reference, distinct per code, and a 10-digit fallback', () => {
    expect(variableSymbolFor('SV-2026-AAAA', 1)).toBe('26000000');
    expect(variableSymbolFor('SV-2026-AAAB', 1)).toBe('26000001');
    expect(variableSymbolFor('SV-2027-9999', 1)).toBe(`27${31 ** 4 - 1}`);
    expect(variableSymbolFor('SV-2026-7K3Q', 1)).toMatch(/^26\d{6}$/);
    expect(variableSymbolFor('SV-2026-ABCDEFG', 42)).toBe('9000000042');
  });

  it('takes the deposit share in whole crowns', () => {
    expect(depositAmount(32900, 30)).toBe(9870);
    expect(depositAmount(14950, 30)).toBe(4485);
  });

  it('applies the storno tier for the days before the wedding against the paid deposit', () => {
    expect(stornoQuote(tiers, 30000, 9000, 200)).toEqual({ daysBefore: 200, percent: 10, fee: 3000, paid: 9000, refund: 6000, due: 0 });
    expect(stornoQuote(tiers, 30000, 9000, 181)).toMatchObject({ percent: 10 });
    expect(stornoQuote(tiers, 30000, 9000, 180)).toMatchObject({ percent: 20, fee: 6000, refund: 3000 });
    expect(stornoQuote(tiers, 30000, 9000, 40)).toMatchObject({ percent: 30, fee: 9000, refund: 0, due: 0 });
    expect(stornoQuote(tiers, 30000, 9000, 10)).toMatchObject({ percent: 50, fee: 15000, refund: 0, due: 6000 });
    expect(stornoQuote(tiers, 30000, 0, -3)).toMatchObject({ daysBefore: 0, percent: 50, due: 15000 });
  });

  it('makes a SPAYD string with the kept library', () => {
    const s = qrPlatba({ iban: 'CZ7508000000000123456789', amount: 9000, variableSymbol: '26123456', message: 'Záloha SV-2026-7K3Q' });
    expect(s.startsWith('SPD*1.0*')).toBe(true);
    expect(s).toContain('ACC:CZ7508000000000123456789');
    expect(s).toContain('AM:9000.00');
    expect(s).toContain('CC:CZK');
    expect(s).toContain('X-VS:26123456');
    expect(s).toContain('MSG:');
  });
});
