/**
 * Child process of `npm run restore`: creates the embedded database folder from a verified PGlite copy
 * (`restorePglite`) on the other core while the restore keeps unpacking and hashing the stored files. It is started
 * early (its start-up and imports overlap the unpacking) and begins only when the parent writes `go` and closes stdin —
 * after the copy was written and its SHA-256 matched. Arguments: the copy's file and the (new) database folder.
 * Exit 0 when the database opened, 1 when it did not (the reason on stderr), 3 when stdin closed without `go`.
 */
const [file, folder] = process.argv.slice(2);

async function main(): Promise<number> {
  if (!file || !folder) {
    process.stderr.write('Použití: restore-database.child.ts KOPIE SLOŽKA\n');
    return 2;
  }
  const imported = import('../db/dump');
  let input = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) input += chunk as string;
  if (input.trim() !== 'go') return 3;
  const { restorePglite } = await imported;
  await restorePglite(file, folder);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
