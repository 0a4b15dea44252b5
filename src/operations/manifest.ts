import { z } from 'zod';
import { DUMP_FILE, type DumpKind } from '@/db/dump-names';

/** The manifest stored as `manifest.json` at the top of every backup (archive or restic snapshot). */
const relPath = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => !p.startsWith('/') && !p.split('/').some((s) => s === '..' || s === '.' || s === ''), { message: 'neplatná cesta' });

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal('svatebni-fotograf-backup'),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    path: relPath,
    size: z.number().int().nonnegative(),
    sha256,
    migrations: z.array(z.string()),
  }),
  withVariants: z.boolean(),
  files: z.array(z.object({ path: relPath, size: z.number().int().nonnegative(), sha256 })),
  totalBytes: z.number().int().nonnegative(),
});

export type Manifest = z.infer<typeof manifestSchema>;

export const MANIFEST_FILE = 'manifest.json';
export const FILES_PREFIX = 'files';
/** The folder of the database copy inside a snapshot. */
export const DATABASE_PREFIX = 'database';

/** The database copy's path inside a snapshot (and in its manifest), by database kind. */
export function databaseCopyPath(kind: DumpKind): string {
  return `${DATABASE_PREFIX}/${DUMP_FILE[kind]}`;
}
