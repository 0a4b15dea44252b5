/**
 * Child process of `npm run restore`: creates the embedded database folder from a verified PGlite copy
 * (`restorePglite`), so that this runs on the other core while the restore keeps unpacking and hashing the stored
 * files. Arguments: the copy's file and the (new) database folder. Exit 0 when the database opened, 1 otherwise
 * (the reason on stderr).
 */
import { restorePglite } from '../db/dump';

const [file, folder] = process.argv.slice(2);
if (!file || !folder) {
  process.stderr.write('Použití: restore-database.child.ts KOPIE SLOŽKA\n');
  process.exit(2);
}
restorePglite(file, folder).then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
