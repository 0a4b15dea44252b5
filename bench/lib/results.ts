import fs from 'node:fs';
import path from 'node:path';
import type { BudgetCheck } from './budgets';
import { root, type MachineInfo } from './machine';

export const resultsDir = path.join(root, 'bench', 'results');

export interface ResultFile<T> {
  benchmark: string;
  machine: MachineInfo;
  /** Anything that makes the numbers less trustworthy (load on the box, skipped parts). */
  notes: string[];
  budgets: BudgetCheck[];
  data: T;
}

export function writeResult<T>(name: string, file: ResultFile<T>): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const p = path.join(resultsDir, `${name}.json`);
  fs.writeFileSync(p, JSON.stringify(file, null, 2) + '\n');
  return p;
}

export function readResults(): { name: string; file: ResultFile<unknown> }[] {
  if (!fs.existsSync(resultsDir)) return [];
  return fs
    .readdirSync(resultsDir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('ci-'))
    .sort()
    .map((f) => ({ name: f.slice(0, -5), file: JSON.parse(fs.readFileSync(path.join(resultsDir, f), 'utf8')) as Partial<ResultFile<unknown>> }))
    // Only the files `npm run bench` writes (gallery-zip.json, written by its own script, has another shape).
    .filter((r): r is { name: string; file: ResultFile<unknown> } => typeof r.file.benchmark === 'string' && !!r.file.machine && Array.isArray(r.file.budgets));
}
