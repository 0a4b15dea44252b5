import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries are executable: `npm run lint` (eslint.config.mjs) must refuse a wrong-way import. Each
 * case lints a small source text as if it were a file at `filePath` (nothing is written to disk), with the
 * repository's real configuration.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (eslint.config.mjs)', () => {
  it.each([
    ['src/db/schema/wrong.ts', "import { foldForSearch } from '@/bookings/statuses';\nexport const x = foldForSearch;\n", /src\/db imports no domain/],
    ['src/db/wrong.ts', "import { STATUSES } from '../bookings/statuses';\nexport const x = STATUSES;\n", /src\/db imports no domain/],
    ['src/platform/wrong.ts', "import { getContentStatus } from '@/content/registry.server';\nexport const x = getContentStatus;\n", /src\/platform imports no domain/],
    ['src/platform/wrong.ts', "import { Gallery } from '@/ui/form/fields';\nexport const x = Gallery;\n", /src\/platform imports no ui/],
    ['src/accounts/wrong.ts', "import { listInquiries } from '@/bookings/repositories/list.server';\nexport const x = listInquiries;\n", /only through its public module/],
    ['src/bookings/wrong.ts', "import { requireAdmin } from '@/accounts/guards.server';\nexport const x = requireAdmin;\n", /only through its public module/],
    ['src/bookings/ui/wrong.tsx', "import { getSiteInfo } from '../../content/site';\nexport const x = getSiteInfo;\n", /only through its public module/],
    ['src/ui/layout/wrong.tsx', "import type { Wedding } from '@/content/types';\nexport type X = Wedding;\n", /src\/ui reaches the content domain only through/],
    ['src/app/(admin)/admin/wrong/page.tsx', "import { listInquiries } from '@/bookings/repositories/list.server';\nexport const x = listInquiries;\n", /not repositories/],
    ['src/app/api/wrong/route.ts', "import { inquiries } from '@/db/schema';\nexport const x = inquiries;\n", /never touch tables/],
    ['src/content/wrong.ts', "import { x } from '@/app/(site)/page';\nexport const y = x;\n", /Nothing imports from src\/app/],
  ])('refuses %s: %j', async (file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['src/bookings/wrong.ts', "import { requireAdmin } from '@/accounts/public.server';\nexport const x = requireAdmin;\n"],
    ['src/ui/layout/ok.tsx', "import { getSiteInfo } from '@/content/public.server';\nexport const x = getSiteInfo;\n"],
    ['src/bookings/ok.ts', "import { getDb } from '@/db/db.server';\nimport { log } from '@/platform/log';\nimport { STATUSES } from './statuses';\nexport const x = [getDb, log, STATUSES];\n"],
    ['src/platform/ok.ts', "import { getDb } from '@/db/db.server';\nexport const x = getDb;\n"],
    ['src/app/(admin)/admin/ok/page.tsx', "import { inquiryList } from '@/bookings/admin-data.server';\nexport const x = inquiryList;\n"],
  ])('allows %s: %j', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('treats a new folder under src/ as a domain', async () => {
    const { DOMAINS } = (await import(path.join(root, 'eslint.config.mjs'))) as { DOMAINS: string[] };
    expect(DOMAINS).toEqual(expect.arrayContaining(['accounts', 'bookings', 'content']));
    expect(DOMAINS).not.toEqual(expect.arrayContaining(['db', 'platform', 'ui', 'app']));
  });
});
