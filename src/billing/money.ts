import spayd from 'spayd';

/** Pure billing rules: the variable symbol, the deposit, the storno fee, the QR Platba string. */

// The reference alphabet (src/bookings/reference.ts): no 0/O, 1/I/L, read out over the phone.
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * The variable symbol of a booking, derived from its reference so it can be read back: `SV-2026-7K3Q` → the year's
 * last two digits and the code as a base-31 number, 8 digits (`26` + 6). A reference outside that shape (longer
 * codes) falls back to 10 digits from the inquiry id, which can never collide with the 8-digit form.
 */
export function variableSymbolFor(reference: string, inquiryId: number): string {
  const m = /^SV-\d{2}(\d{2})-([A-Z0-9]{4})$/.exec(reference);
  if (m && [...m[2]].every((c) => REFERENCE_ALPHABET.includes(c))) {
    const value = [...m[2]].reduce((acc, c) => acc * REFERENCE_ALPHABET.length + REFERENCE_ALPHABET.indexOf(c), 0);
    return `${m[1]}${String(value).padStart(6, '0')}`;
  }
  return `9${String(inquiryId).padStart(9, '0')}`;
}

/** The deposit share of the agreed price, whole crowns. */
export function depositAmount(price: number, percent: number): number {
  return Math.round((price * percent) / 100);
}

export interface StornoTier {
  minDaysBefore: number;
  percent: number;
}

export interface StornoQuote {
  daysBefore: number;
  percent: number;
  fee: number;
  paid: number;
  /** What she returns (paid − fee, when positive). */
  refund: number;
  /** What the couple still owes (fee − paid, when positive). */
  due: number;
}

/** The storno fee for a cancellation `daysBefore` the wedding, by the tiers the couple accepted, against what was paid. */
export function stornoQuote(tiers: readonly StornoTier[], price: number, paid: number, daysBefore: number): StornoQuote {
  const days = Math.max(0, daysBefore);
  const tier = tiers.find((t) => days >= t.minDaysBefore) ?? tiers[tiers.length - 1];
  const percent = tier?.percent ?? 100;
  const fee = Math.round((price * percent) / 100);
  return { daysBefore: days, percent, fee, paid, refund: Math.max(0, paid - fee), due: Math.max(0, fee - paid) };
}

/** The QR Platba payload (SPAYD 1.0), made by the kept library: account, amount, currency, variable symbol, message. */
export function qrPlatba(p: { iban: string; amount: number; variableSymbol: string; message: string }): string {
  return spayd({ acc: p.iban, am: p.amount.toFixed(2), cc: 'CZK', xvs: p.variableSymbol, msg: p.message.slice(0, 60) });
}

export function formatKc(amount: number): string {
  return new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', maximumFractionDigits: amount % 1 ? 2 : 0, minimumFractionDigits: amount % 1 ? 2 : 0 }).format(amount);
}
