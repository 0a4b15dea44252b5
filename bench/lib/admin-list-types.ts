import type { BudgetCheck } from './budgets';

export interface AdminListVariant {
  name: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  total: number;
  plans: { sql: string; isPageQuery: boolean; executionMs: number | null; plan: string[]; usesIndex: boolean }[];
}

export interface AdminListResult {
  database: 'pglite' | 'postgres';
  rows: number;
  insertSeconds: number;
  variants: AdminListVariant[];
  budgets: BudgetCheck[];
}
