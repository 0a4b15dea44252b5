import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createS3Storage } from '@/platform/storage/s3';
import { createLocalStorage } from '@/platform/storage/local';
import { RetryGaveUpError, type RetryClock } from '@/platform/retry';
import type { Storage } from '@/platform/storage/types';

/**
 * Storage against a real fake S3 server (s3rver), reached through a real HTTP proxy that injects faults:
 * the next N requests answer with a chosen status (or have their socket destroyed) before traffic passes through.
 */
let s3: S3rver;
let s3Port: number;
let proxy: http.Server;
let proxyUrl: string;
let faults: { status: number | 'reset'; remaining: number } = { status: 503, remaining: 0 };
let requestsSeen = 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'photos' }] });
  s3Port = (await s3.run()).port;
  proxy = http.createServer((req, res) => {
    requestsSeen++;
    if (faults.remaining > 0) {
      faults.remaining--;
      if (faults.status === 'reset') {
        req.socket.destroy();
        return;
      }
      res.writeHead(faults.status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>injected ${faults.status}</Message></Error>`);
      return;
    }
    const upstream = http.request({ host: '127.0.0.1', port: s3Port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const addr = proxy.address();
  proxyUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});

afterAll(async () => {
  await new Promise<void>((r) => proxy.close(() => r()));
  await s3.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function instantClock(): RetryClock & { sleeps: number[] } {
  let t = 0;
  const sleeps: number[] = [];
  return { sleeps, now: () => t, sleep: async (ms) => void (sleeps.push(ms), (t += ms)), random: () => 0 };
}

function s3Storage(clock: RetryClock): Storage {
  return createS3Storage({ endpoint: proxyUrl, bucket: 'photos', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1', clock });
}

describe('S3 storage with injected faults', () => {
  it('stores, reads, checks and deletes an object', async () => {
    const storage = s3Storage(instantClock());
    await storage.put('weddings/anna-petr/01.jpg', Buffer.from('jpeg-bytes'), 'image/jpeg');
    const got = await storage.get('weddings/anna-petr/01.jpg');
    expect(got?.body.toString()).toBe('jpeg-bytes');
    expect(got?.contentType).toBe('image/jpeg');
    expect(await storage.exists('weddings/anna-petr/01.jpg')).toBe(true);
    await storage.delete('weddings/anna-petr/01.jpg');
    expect(await storage.exists('weddings/anna-petr/01.jpg')).toBe(false);
    expect(await storage.get('weddings/anna-petr/01.jpg')).toBeNull();
  });

  it.each([500, 503, 408, 429])('retries an upload through %i answers with backoff', async (status) => {
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const clock = instantClock();
    const storage = s3Storage(clock);
    faults = { status, remaining: 3 };
    requestsSeen = 0;
    await storage.put(`retry-${status}.txt`, Buffer.from('after faults'), 'text/plain');
    expect(requestsSeen).toBe(4);
    expect(clock.sleeps).toEqual([1000, 2000, 4000]);
    expect((await storage.get(`retry-${status}.txt`))?.body.toString()).toBe('after faults');
    warn.mockRestore();
  });

  it('retries dropped connections', async () => {
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const clock = instantClock();
    const storage = s3Storage(clock);
    faults = { status: 'reset', remaining: 2 };
    await storage.put('reset.txt', Buffer.from('x'), 'text/plain');
    expect(clock.sleeps).toEqual([1000, 2000]);
    warn.mockRestore();
  });

  it('does not retry a 403', async () => {
    const clock = instantClock();
    const storage = s3Storage(clock);
    faults = { status: 403, remaining: 1 };
    requestsSeen = 0;
    await expect(storage.put('forbidden.txt', Buffer.from('x'), 'text/plain')).rejects.toBeTruthy();
    expect(requestsSeen).toBe(1);
    expect(clock.sleeps).toEqual([]);
    faults.remaining = 0;
  });

  it('gives up a read after 2 minutes of 503s', async () => {
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const clock = instantClock();
    const storage = s3Storage(clock);
    faults = { status: 503, remaining: 1000 };
    requestsSeen = 0;
    const err = await storage.get('anything.txt').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RetryGaveUpError);
    expect(requestsSeen).toBe(7);
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(120_000);
    faults.remaining = 0;
    warn.mockRestore();
  });
});

describe('local storage', () => {
  it('stores files under the root and refuses unsafe keys', async () => {
    const storage = createLocalStorage(path.join(tmp, 'uploads'));
    await storage.put('a/b/c.webp', Buffer.from('webp'), 'image/webp');
    expect(fs.readFileSync(path.join(tmp, 'uploads/a/b/c.webp'), 'utf8')).toBe('webp');
    expect(await storage.get('a/b/c.webp')).toEqual({ body: Buffer.from('webp'), contentType: 'image/webp' });
    expect(await storage.get('a/b/missing.webp')).toBeNull();
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow('Neplatný klíč');
    await expect(storage.put('/abs.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow('Neplatný klíč');
    await storage.delete('a/b/c.webp');
    expect(await storage.exists('a/b/c.webp')).toBe(false);
  });
});
