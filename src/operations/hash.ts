import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** Read size for hashing: large reads keep the per-chunk overhead small next to SHA-256 itself. */
const READ_CHUNK = 1 << 20;

/** SHA-256 of a file, streamed (photos are tens of MB). */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file, { highWaterMark: READ_CHUNK }), hash);
  return hash.digest('hex');
}

/** Runs `fn` over `items` with at most `limit` of them at once (I/O of one file overlaps the hashing of another). */
export async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * What identifies one version of a file without reading it: size, modification and change time in nanoseconds, and
 * the inode. Writing a file changes its mtime and ctime; replacing it (rename) changes the inode; setting the mtime
 * back (`touch -r`, rsync -t) still changes the ctime, which only the kernel sets. The same identity is what restic
 * and git use to skip unchanged files.
 */
export interface FileIdentity {
  size: number;
  mtimeNs: string;
  ctimeNs: string;
  ino: string;
}

export function identityOf(st: fs.BigIntStats): FileIdentity {
  return { size: Number(st.size), mtimeNs: st.mtimeNs.toString(), ctimeNs: st.ctimeNs.toString(), ino: st.ino.toString() };
}

export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs && a.ino === b.ino;
}

const digits = z.string().regex(/^\d{1,30}$/);
const cacheSchema = z.object({
  version: z.literal(1),
  files: z.record(
    z.string(),
    z.object({ size: z.number().int().nonnegative(), mtimeNs: digits, ctimeNs: digits, ino: digits, sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
});
export type HashCacheEntry = FileIdentity & { sha256: string };

/**
 * SHA-256 of the files of the previous backup, keyed by their path and identity (`backups/hashes.json`): a file whose
 * identity is unchanged is not read again for the manifest. Anything unreadable or of another shape counts as empty
 * (every file is hashed again); the file is replaced atomically, so a killed run leaves the previous one.
 */
export class HashCache {
  private readonly previous: Map<string, HashCacheEntry>;
  private readonly next = new Map<string, HashCacheEntry>();

  private constructor(
    private readonly file: string,
    previous: Map<string, HashCacheEntry>,
  ) {
    this.previous = previous;
  }

  static load(file: string): HashCache {
    try {
      const parsed = cacheSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
      if (parsed.success) return new HashCache(file, new Map(Object.entries(parsed.data.files)));
    } catch {
      // Missing or unreadable: start empty.
    }
    return new HashCache(file, new Map());
  }

  /** The stored SHA-256 when `rel` still has exactly this identity. */
  lookup(rel: string, id: FileIdentity): string | undefined {
    const hit = this.previous.get(rel);
    return hit && sameIdentity(hit, id) ? hit.sha256 : undefined;
  }

  /** Keeps `rel` for the next run (only the files of this snapshot are kept). */
  remember(rel: string, id: FileIdentity, sha256: string): void {
    this.next.set(rel, { ...id, sha256 });
  }

  async save(): Promise<void> {
    const tmp = `${this.file}.${process.pid}.tmp`;
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    await fs.promises.writeFile(tmp, JSON.stringify({ version: 1, files: Object.fromEntries(this.next) }));
    await fs.promises.rename(tmp, this.file);
  }
}
