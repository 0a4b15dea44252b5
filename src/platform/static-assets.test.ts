import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyRange, createStaticAssets } from './static-assets.mjs';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-assets-'));
const body = 'console.log("chunk")\n'.repeat(50);
let server: http.Server;
let base = '';
const assets = createStaticAssets({ root });

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'chunks'), { recursive: true });
  const file = path.join(root, 'chunks', 'app-1a2b.js');
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
  // Wired as server.mjs wires it; the fallback stands in for Next's static serving (200 for files, else 404).
  server = http.createServer((req, res) => {
    if (assets.rangeNotSatisfiable(req, res) || assets.serve(req, res)) return;
    assets.observe(req, res);
    const rel = (req.url ?? '').replace(/^\/_next\/static\//, '');
    const target = path.join(root, rel);
    if (target.startsWith(root + path.sep) && fs.existsSync(target)) {
      res.setHeader('content-type', 'application/javascript');
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      res.end(fs.readFileSync(target));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('static files before Next', () => {
  it('remembers only the build\'s own files, however many made-up names are asked for', async () => {
    for (let n = 0; n < 500; n++) {
      const res = await fetch(`${base}/_next/static/chunks/${'a'.repeat(1000)}-${n}.js`);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
    expect(assets.remembered()).toEqual({ bodies: 0, recorded: 0 });
    for (let n = 0; n < 2; n++) {
      const res = await fetch(`${base}/_next/static/chunks/app-1a2b.js`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(body);
    }
    expect(assets.remembered()).toEqual({ bodies: 1, recorded: 1 });
  });

  it('answers an unsatisfiable range of a build file with 416 and its size; other ranges and names pass through', async () => {
    const get = (p: string, range: string) =>
      new Promise<{ status: number; contentRange?: string }>((resolve, reject) => {
        http
          .get(`${base}${p}`, { headers: { range } }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, contentRange: res.headers['content-range'] }));
          })
          .on('error', reject);
      });
    const size = Buffer.byteLength(body);
    expect(await get('/_next/static/chunks/app-1a2b.js', `bytes=${size}-`)).toEqual({ status: 416, contentRange: `bytes */${size}` });
    expect((await get('/_next/static/chunks/app-1a2b.js', 'bytes=0-9')).status).toBe(200); // the stand-in ignores ranges
    expect((await get('/_next/static/chunks/nic.js', `bytes=${size}-`)).status).toBe(404);
    // A malformed range is dropped: the whole file.
    expect((await get('/_next/static/chunks/app-1a2b.js', 'bytes=abc')).status).toBe(200);
  });

  it('tells unsatisfiable ranges from satisfiable and malformed ones (RFC 9110)', () => {
    for (const h of ['bytes=100-', 'bytes=100-200, 300-', 'bytes=-0']) expect(classifyRange(h, 100), h).toBe('unsatisfiable');
    expect(classifyRange('bytes=0-', 0)).toBe('unsatisfiable');
    for (const h of ['bytes=99-', 'bytes=-5', 'bytes=100-, 0-1', 'bytes=0-9']) expect(classifyRange(h, 100), h).toBe('satisfiable');
    for (const h of ['bytes=abc', 'bytes=', 'items=100-', 'bytes=5-1', 'bytes=-', '']) expect(classifyRange(h, 100), h).toBe('ignored');
  });
});
