import fs from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, type Storage, type StoredObject } from './types';

const META_SUFFIX = '.meta.json';

/** Files under `DATA_DIR/uploads` (single server; for several servers use STORAGE_DRIVER=s3). */
export function createLocalStorage(root: string): Storage {
  const file = (key: string) => {
    assertValidKey(key);
    if (key.endsWith(META_SUFFIX)) throw new Error(`Klíč nesmí končit na ${META_SUFFIX}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    driver: 'local',
    async put(key, body, contentType) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write to a temporary name and rename, so a reader never sees half a file.
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.writeFile(target + META_SUFFIX, JSON.stringify({ contentType }));
      await fs.rename(tmp, target);
    },
    async get(key): Promise<StoredObject | null> {
      const target = file(key);
      try {
        const body = await fs.readFile(target);
        let contentType = 'application/octet-stream';
        try {
          const meta = JSON.parse(await fs.readFile(target + META_SUFFIX, 'utf8')) as { contentType?: unknown };
          if (typeof meta.contentType === 'string') contentType = meta.contentType;
        } catch {
          /* no metadata: generic type */
        }
        return { body, contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const target = file(key);
      await fs.rm(target, { force: true });
      await fs.rm(target + META_SUFFIX, { force: true });
    },
    async exists(key) {
      try {
        await fs.access(file(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
