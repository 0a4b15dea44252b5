/**
 * npm run admin:create -- --email anna@example.cz --password '…'
 * Creates the admin account of the built-in account server, or promotes an existing account, without prompts.
 * Uses the same database as the site (DATABASE_URL, or PGlite in DATA_DIR/pglite). Stop the site first when it
 * runs on PGlite: one process per data directory.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDb } from '../src/db/client';
import { getEnv } from '../src/platform/env';
import { createOrPromoteAdmin } from '../src/accounts/admin';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, passwordBytes } from '../src/accounts/password-rules';

const argsSchema = z.object({
  email: z.email({ message: '--email musí být platný e-mail' }),
  password: z
    .string({ message: '--password je povinné' })
    .min(PASSWORD_MIN_LENGTH, `--password musí mít alespoň ${PASSWORD_MIN_LENGTH} znaků`)
    .refine((p) => passwordBytes(p) <= PASSWORD_MAX_BYTES, `--password smí mít nejvýše ${PASSWORD_MAX_BYTES} bajtů`),
});

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    process.stderr.write(`Použití: npm run admin:create -- --email E --password P\n${parsed.error.issues.map((i) => `  - ${i.message}`).join('\n')}\n`);
    return 2;
  }
  const env = getEnv();
  if (env.ACCOUNTS_SOURCE === 'strapi') {
    process.stderr.write('ACCOUNTS_SOURCE=strapi: účty spravuje Strapi. Administrátora vytvořte tam (role s typem ADMIN_ROLE_TYPE).\n');
    return 2;
  }
  const url = env.DATABASE_URL ?? path.join(env.DATA_DIR, 'pglite');
  const handle = await openDb({ url, max: 1 });
  try {
    const { user, created } = await createOrPromoteAdmin(handle.db, { email: parsed.data.email.toLowerCase(), password: parsed.data.password });
    process.stdout.write(`${created ? 'Vytvořen' : 'Povýšen'} administrátor ${user.email} (id ${user.id}).\n`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`admin:create selhalo: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
