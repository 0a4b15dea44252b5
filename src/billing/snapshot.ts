import { z } from 'zod';

/**
 * What a contract says, frozen when it is sent: the parties, the wedding, the price, the deposit, the booking terms
 * of that day and the full text. The page, the PDF and the acceptance all read this snapshot; later changes of
 * content/terms.json or the price list never reach a contract already sent (docs/decisions/080-billing-documents.md).
 */
export const partySchema = z.object({
  name: z.string(),
  brand: z.string(),
  street: z.string(),
  city: z.string(),
  postalCode: z.string(),
  ico: z.string(),
  vatLabel: z.string(),
  email: z.string(),
  phone: z.string(),
  bankAccount: z.string(),
  iban: z.string(),
});
export type Supplier = z.infer<typeof partySchema>;

export const contractSnapshotSchema = z.object({
  version: z.literal(1),
  title: z.string(),
  reference: z.string(),
  supplier: partySchema,
  customer: z.object({ names: z.array(z.string()), email: z.string(), phone: z.string().nullable() }),
  wedding: z.object({ date: z.string(), venue: z.string().nullable(), town: z.string().nullable(), ceremonyTime: z.string().nullable() }),
  items: z.array(z.object({ label: z.string(), amount: z.number().int() })),
  price: z.number().int(),
  deposit: z.object({ percent: z.number().int(), amount: z.number().int(), dueDays: z.number().int(), variableSymbol: z.string() }),
  storno: z.array(z.object({ minDaysBefore: z.number().int(), percent: z.number().int(), label: z.string() })),
  balanceDueDaysAfterWedding: z.number().int(),
  /** The terms of the day as they were (content/terms.json) and their SHA-256: "which terms did they accept". */
  terms: z.record(z.string(), z.unknown()),
  termsSha256: z.string(),
  note: z.string().nullable(),
  sections: z.array(z.object({ title: z.string(), paragraphs: z.array(z.string()) })),
  sentOn: z.string(),
});
export type ContractSnapshot = z.infer<typeof contractSnapshotSchema>;

export interface InvoiceSnapshot {
  number: string;
  kind: 'deposit' | 'final';
  title: string;
  supplier: Supplier;
  customer: { names: string[]; email: string };
  reference: string;
  variableSymbol: string;
  items: { label: string; amount: number }[];
  total: number;
  issuedOn: string;
  /** Taxable supply date is not stated: the supplier is not a VAT payer. */
  paidOn: string | null;
  dueOn: string | null;
}
