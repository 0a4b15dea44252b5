import 'server-only';
import path from 'node:path';
import { getEnv } from '../env';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './types';

const g = globalThis as unknown as { __storage?: Storage };

/** The configured storage, created once per process (STORAGE_DRIVER=local|s3). */
export function getStorage(): Storage {
  if (!g.__storage) {
    const env = getEnv();
    g.__storage =
      env.STORAGE_DRIVER === 's3'
        ? createS3Storage({
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET ?? '',
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            region: env.S3_REGION,
          })
        : createLocalStorage(path.resolve(env.DATA_DIR, 'uploads'));
  }
  return g.__storage;
}
