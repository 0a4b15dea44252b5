import { describe, expect, it } from 'vitest';
import { czechAccountToIban } from './bank';
import { ibanToCzechAccount, isValidCzechIban } from './identity';

describe('czechAccountToIban', () => {
  it('gives the IBAN of the shipped sample account (and back)', () => {
    expect(czechAccountToIban('123456789/0800')).toBe('CZ7508000000000123456789');
    expect(ibanToCzechAccount('CZ7508000000000123456789')).toBe('123456789/0800');
  });

  it('keeps the prefix and yields a valid IBAN for other banks', () => {
    const iban = czechAccountToIban('19-2000145399/0800');
    expect(iban).toBe('CZ6508000000192000145399');
    expect(isValidCzechIban(iban ?? '')).toBe(true);
    const fio = czechAccountToIban('2400123456/2010');
    expect(fio && isValidCzechIban(fio)).toBe(true);
    expect(ibanToCzechAccount(fio ?? '')).toBe('2400123456/2010');
  });

  it('refuses what is not a Czech account', () => {
    expect(czechAccountToIban('123456789')).toBeNull();
    expect(czechAccountToIban('1234567/08')).toBeNull();
    expect(czechAccountToIban('abc/0800')).toBeNull();
  });
});
