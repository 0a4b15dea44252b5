import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, type Storage, type StoredObject, type StoredStream } from './types';

const META_SUFFIX = '.meta.json';

/** Bytes per read: large enough that per-chunk costs (promises, stream bookkeeping) vanish beside the copy. */
const READ_CHUNK = 1024 * 1024;

/**
 * The bytes [start, end] of a file as a web stream, read in 1 MB chunks with one chunk read ahead (a gallery ZIP
 * streams gigabytes through this; node's fs stream behind Readable.toWeb moves 64 KB per step and measured about
 * a third of this speed here). The file is opened on the first read and closed at its end, on cancel and on error.
 */
export function fileStream(target: string, start: number, end: number): ReadableStream<Uint8Array> {
  let handle: fs.FileHandle | null = null;
  let pos = start;
  const close = async () => {
    const h = handle;
    handle = null;
    await h?.close();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const want = Math.min(READ_CHUNK, end + 1 - pos);
          if (want <= 0) {
            await close();
            controller.close();
            return;
          }
          handle ??= await fs.open(target, 'r');
          const buf = Buffer.allocUnsafe(want);
          const { bytesRead } = await handle.read(buf, 0, want, pos);
          if (bytesRead === 0) {
            await close();
            controller.close();
            return;
          }
          pos += bytesRead;
          controller.enqueue(bytesRead === want ? buf : buf.subarray(0, bytesRead));
        } catch (err) {
          await close().catch(() => undefined);
          throw err;
        }
      },
      async cancel() {
        await close();
      },
    },
    { highWaterMark: 1 },
  );
}

/** Files under `DATA_DIR/uploads` (single server; for several servers use STORAGE_DRIVER=s3). */
export function createLocalStorage(root: string): Storage {
  const file = (key: string) => {
    assertValidKey(key);
    if (key.endsWith(META_SUFFIX)) throw new Error(`Klíč nesmí končit na ${META_SUFFIX}`);
    return path.join(root, ...key.split('/'));
  };
  const contentTypeOf = async (target: string): Promise<string> => {
    try {
      const meta = JSON.parse(await fs.readFile(target + META_SUFFIX, 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') return meta.contentType;
    } catch {
      /* no metadata: generic type */
    }
    return 'application/octet-stream';
  };
  return {
    driver: 'local',
    async putFile(key, filePath, contentType) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      try {
        await pipeline(createReadStream(filePath), createWriteStream(tmp));
        await fs.writeFile(target + META_SUFFIX, JSON.stringify({ contentType }));
        await fs.rename(tmp, target);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async copy(from, to) {
      const source = file(from);
      const target = file(to);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      try {
        // Stored files are never written in place (every write is a new file renamed over the key), so two keys
        // may share one file: a hard link costs no bytes and no time, whatever the photo's size.
        await fs.link(source, tmp);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return false;
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK' && code !== 'ENOTSUP') throw err;
        await fs.copyFile(source, tmp).catch(async (copyErr: unknown) => {
          await fs.rm(tmp, { force: true });
          throw copyErr;
        });
      }
      try {
        await fs.writeFile(target + META_SUFFIX, JSON.stringify({ contentType: await contentTypeOf(source) }));
        await fs.rename(tmp, target);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
      return true;
    },
    async open(key, range): Promise<StoredStream | null> {
      const target = file(key);
      let size: number;
      try {
        size = (await fs.stat(target)).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const contentType = await contentTypeOf(target);
      return { stream: fileStream(target, range?.start ?? 0, Math.min(range?.end ?? size - 1, size - 1)), size, contentType, file: target };
    },
    async stat(key) {
      const target = file(key);
      try {
        const { size } = await fs.stat(target);
        return { size, contentType: await contentTypeOf(target) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
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
