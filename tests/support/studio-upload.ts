import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { UploadInput } from '@/content/studio/service.server';

/**
 * What the studio's upload route hands the service: the file on the local disk, its SHA-256 and size (counted while
 * it streamed in). Tests write the bytes to `dir` and describe them the same way.
 */
export function uploadInput(dir: string, bytes: Buffer, fileName: string): UploadInput {
  fs.mkdirSync(dir, { recursive: true });
  const filePath = path.join(dir, `${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(filePath, bytes);
  return { filePath, fileName, hash: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}
