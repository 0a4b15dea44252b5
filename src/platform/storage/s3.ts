import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { withRetry, realClock, type RetryClock } from '../retry';
import { log } from '../log';
import { errorStatus, storagePolicy } from './retry-policy';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { assertValidKey, type Storage, type StoredObject, type StoredStream } from './types';

export interface S3StorageOptions {
  endpoint?: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Path-style URLs (http://host/bucket/key): what MinIO, s3rver and most self-hosted stores expect. */
  forcePathStyle?: boolean;
  clock?: RetryClock;
}

/**
 * S3-compatible object storage. The SDK's own retries are switched off (maxAttempts 1) so that our policy —
 * docs/spec.md §9: 5xx/408/429/network, backoff capped at 64 s with jitter, 2 min per operation, 10 min per upload —
 * is the only one in force and can be tested.
 */
export function createS3Storage(opts: S3StorageOptions): Storage {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    maxAttempts: 1,
    // A streamed body would otherwise be sent as aws-chunked with a trailing checksum, which S3-compatible stores
    // (MinIO versions, s3rver) may store framing and all; checksums only where an operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const clock = opts.clock ?? realClock;
  const run = <T>(what: string, kind: 'operation' | 'upload', fn: () => Promise<T>) =>
    withRetry(
      fn,
      storagePolicy(kind, ({ attempt, delayMs, error }) =>
        log.warn('storage: retrying', { what, attempt, delayMs, status: errorStatus(error), error: error instanceof Error ? error.message : String(error) }),
      ),
      clock,
    );
  return {
    driver: 's3',
    async put(key, body, contentType) {
      assertValidKey(key);
      await run(`put ${key}`, 'upload', () => client.send(new PutObjectCommand({ Bucket: opts.bucket, Key: key, Body: body, ContentType: contentType })));
    },
    async putFile(key, filePath, contentType) {
      assertValidKey(key);
      // One streamed PUT of known length (S3 takes up to 5 GB this way); each retry reopens the file.
      await run(`put ${key}`, 'upload', async () => {
        const { size } = await fs.stat(filePath);
        await client.send(new PutObjectCommand({ Bucket: opts.bucket, Key: key, Body: createReadStream(filePath), ContentLength: size, ContentType: contentType }));
      });
    },
    async copy(from, to) {
      assertValidKey(from);
      assertValidKey(to);
      try {
        // Server-side: the bucket copies the object, nothing passes through this process.
        await run(`copy ${from} → ${to}`, 'operation', () =>
          client.send(new CopyObjectCommand({ Bucket: opts.bucket, Key: to, CopySource: `${opts.bucket}/${from.split('/').map(encodeURIComponent).join('/')}` })),
        );
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async open(key, range): Promise<StoredStream | null> {
      assertValidKey(key);
      try {
        return await run(`open ${key}`, 'operation', async () => {
          const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
          if (!res.Body) throw new Error(`S3 answered without a body for ${key}`);
          const total = res.ContentRange ? Number(/\/(\d+)$/.exec(res.ContentRange)?.[1]) : res.ContentLength;
          if (typeof total !== 'number' || !Number.isFinite(total)) throw new Error(`S3 answered without a length for ${key}`);
          return { stream: res.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: total, contentType: res.ContentType ?? 'application/octet-stream' };
        });
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async stat(key) {
      assertValidKey(key);
      try {
        return await run(`head ${key}`, 'operation', async () => {
          const res = await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key }));
          return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? 'application/octet-stream' };
        });
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async get(key): Promise<StoredObject | null> {
      assertValidKey(key);
      try {
        return await run(`get ${key}`, 'operation', async () => {
          const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }));
          const bytes = res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
          return { body: Buffer.from(bytes), contentType: res.ContentType ?? 'application/octet-stream' };
        });
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertValidKey(key);
      await run(`delete ${key}`, 'operation', () => client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key })));
    },
    async exists(key) {
      assertValidKey(key);
      try {
        await run(`head ${key}`, 'operation', () => client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key })));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
  };
}

function isNotFound(err: unknown): boolean {
  const name = (err as { name?: unknown })?.name;
  return errorStatus(err) === 404 || name === 'NoSuchKey' || name === 'NotFound';
}
