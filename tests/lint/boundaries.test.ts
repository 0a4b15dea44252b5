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
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'boundaries/dynamic-import').map((m) => m.message);
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
    // The site layer: below every domain and ui, reached only through its public modules.
    ['src/site/wrong.ts', "import { requireAdmin } from '@/accounts/public.server';\nexport const x = requireAdmin;\n", /src\/site imports no domain/],
    ['src/site/wrong.ts', "import { Field } from '@/ui/form/fields';\nexport const x = Field;\n", /src\/site imports no ui/],
    ['src/platform/wrong.ts', "import { getTerms } from '@/site/public.server';\nexport const x = getTerms;\n", /src\/platform imports no site/],
    ['src/db/wrong.ts', "import { getTerms } from '@/site/public.server';\nexport const x = getTerms;\n", /src\/db imports no site/],
    ['src/bookings/wrong.ts', "import { getTerms } from '@/site/terms';\nexport const x = getTerms;\n", /only through @\/site\/public/],
    ['src/ui/layout/wrong.tsx', "import { getSiteInfo } from '@/site/identity';\nexport const x = getSiteInfo;\n", /only through @\/site\/public/],
    ['src/app/(site)/wrong/page.tsx', "import { getPricing } from '@/site/pricing';\nexport const x = getPricing;\n", /only through @\/site\/public/],
    // .mjs files of platform are held to the same rules.
    ['src/platform/wrong.mjs', "import { getContentStatus } from '../content/registry.server';\nexport const x = getContentStatus;\n", /src\/platform imports no domain/],
    // Dynamic import() too, and a computed specifier cannot be checked, so it is refused.
    ['src/platform/wrong.ts', "export const load = () => import('@/bookings/scheduler.server');\n", /src\/platform imports no domain/],
    ['src/bookings/wrong.ts', "export const load = () => import('@/accounts/guards.server');\n", /only through its public module/],
    ['src/content/wrong.ts', "const name = 'x';\nexport const load = () => import(`./${name}`);\n", /plain string/],
    // Tables only from a domain's repositories.
    ['src/bookings/wrong.ts', "import { inquiries } from '@/db/schema';\nexport const x = inquiries;\n", /Only a repository touches tables/],
    ['src/accounts/retention-wrong.server.ts', "import { inquiries } from '../db/schema';\nexport const x = inquiries;\n", /Only a repository touches tables/],
    ['src/site/wrong.ts', "import { appSettings } from '@/db/schema';\nexport const x = appSettings;\n", /Only a repository touches tables/],
    ['src/ui/wrong.ts', "import { inquiries } from '@/db/schema';\nexport const x = inquiries;\n", /Only a repository touches tables/],
    ['src/content/studio/service.server.ts', "import { studioPhotos } from '@/db/schema';\nexport const x = studioPhotos;\n", /Only a repository touches tables/],
    // Links come from @/ui/link (prefetch on intent), in every layer and as a dynamic import.
    ['src/content/ui/wrong.tsx', "import Link from 'next/link';\nexport const x = Link;\n", /Import \{ Link \} from '@\/ui\/link'/],
    ['src/app/(site)/wrong/page.tsx', "import Link from 'next/link';\nexport const x = Link;\n", /Import \{ Link \} from '@\/ui\/link'/],
    ['src/ui/layout/wrong.tsx', "export const load = () => import('next/link');\n", /Import \{ Link \} from '@\/ui\/link'/],
    // A repository keeps the other rules.
    ['src/bookings/repositories/wrong.server.ts', "import { requireAdmin } from '@/accounts/guards.server';\nexport const x = requireAdmin;\n", /only through its public module/],
  ])('refuses %s: %j', async (file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['src/bookings/wrong.ts', "import { requireAdmin } from '@/accounts/public.server';\nexport const x = requireAdmin;\n"],
    ['src/ui/layout/ok.tsx', "import { getSiteInfo } from '@/site/public.server';\nexport const x = getSiteInfo;\n"],
    ['src/bookings/ok.ts', "import { getDb } from '@/db/db.server';\nimport { log } from '@/platform/log';\nimport { STATUSES } from './statuses';\nexport const x = [getDb, log, STATUSES];\n"],
    ['src/platform/ok.ts', "import { getDb } from '@/db/db.server';\nexport const x = getDb;\n"],
    ['src/content/studio/repositories/ok.server.ts', "import { studioPhotos } from '@/db/schema';\nexport const x = studioPhotos;\n"],
    ['src/app/(admin)/admin/ok/page.tsx', "import { inquiryList } from '@/bookings/admin-data.server';\nexport const x = inquiryList;\n"],
  ])('allows %s: %j', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('treats a new folder under src/ as a domain', async () => {
    const { DOMAINS } = (await import(path.join(root, 'eslint.config.mjs'))) as { DOMAINS: string[] };
    expect(DOMAINS).toEqual(expect.arrayContaining(['accounts', 'bookings', 'content']));
    for (const layer of ['db', 'platform', 'site', 'ui', 'app']) expect(DOMAINS).not.toContain(layer);
  });
});
