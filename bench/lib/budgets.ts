export interface BudgetCheck {
  name: string;
  /** Measured value (number) — `null` when it could not be measured. */
  value: number | null;
  unit: string;
  op: '>=' | '<=' | '==';
  limit: number;
  pass: boolean;
  note?: string;
}

export function budget(name: string, value: number | null | undefined, op: BudgetCheck['op'], limit: number, unit = '', note?: string): BudgetCheck {
  const v = value === undefined || value === null || Number.isNaN(value) ? null : value;
  let pass = false;
  if (v !== null) pass = op === '>=' ? v >= limit : op === '<=' ? v <= limit : v === limit;
  return { name, value: v, unit, op, limit, pass, ...(note ? { note } : {}) };
}

export function printBudgets(title: string, checks: BudgetCheck[]): void {
  console.log(`\n${title}`);
  for (const c of checks) {
    const v = c.value === null ? 'n/a' : `${c.value}${c.unit}`;
    console.log(`  ${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${v} (budget ${c.op} ${c.limit}${c.unit})${c.note ? ` — ${c.note}` : ''}`);
  }
}
