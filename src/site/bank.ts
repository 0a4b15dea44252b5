/**
 * Czech bank accounts for people (`předčíslí-číslo/kód banky`, e.g. `19-123456789/0800`) and for QR Platba (the
 * IBAN). Pure functions, usable in the browser: the admin derives the IBAN from the account she types.
 */
export const CZECH_ACCOUNT = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/;

/** The IBAN of a Czech account (`CZ` + ISO 13616 mod-97 check digits + bank + prefix + number), or null for another shape. */
export function czechAccountToIban(account: string): string | null {
  const m = CZECH_ACCOUNT.exec(account.trim().replace(/\s+/g, ''));
  if (!m) return null;
  const bban = `${m[3]}${(m[1] ?? '').padStart(6, '0')}${m[2].padStart(10, '0')}`;
  // "CZ00" moved to the end, letters as numbers (C = 12, Z = 35).
  let rest = 0;
  for (const digit of `${bban}123500`) rest = (rest * 10 + Number(digit)) % 97;
  return `CZ${String(98 - rest).padStart(2, '0')}${bban}`;
}
