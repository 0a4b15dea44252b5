/** One incoming payment read from a bank statement, whatever the format. Amounts in haléře. */
export interface StatementPayment {
  bookedOn: string;
  amountHalers: number;
  variableSymbol: string | null;
  counterAccount: string | null;
  counterName: string | null;
  message: string | null;
  bankReference: string | null;
}

export type StatementFormat = 'gpc' | 'camt053' | 'csv';

export interface ParsedStatement {
  format: StatementFormat;
  /** Credits only: outgoing payments are never deposits. */
  payments: StatementPayment[];
}

/** A statement that cannot be read; the message is Czech and says what is wrong. */
export class StatementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementError';
  }
}

/** A variable symbol as banks write it: up to 10 digits, leading zeros carry no meaning. */
export function normaliseVs(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = raw.trim();
  if (!/^\d{1,10}$/.test(digits)) return null;
  const stripped = digits.replace(/^0+/, '');
  return stripped || null;
}
