import http from 'node:http';
import type { Socket } from 'node:net';
import sharp from 'sharp';
import { placeholderSvg } from '../../src/content/placeholder-art';

/** Shared plumbing of the fake content servers: a plain node:http server on a free loopback port. */
export interface FakeServer {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

/** Listens on loopback: a free port, or `port` (a fake started again where it was, as after a CMS restart). */
export async function listen(handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown, port = 0): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((err: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`fake server crashed: ${err instanceof Error ? err.message : String(err)}`);
      } else res.destroy();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const addr = server.address();
  if (!addr || typeof addr !== 'object') throw new Error('fake server: no address');
  return {
    url: `http://127.0.0.1:${addr.port}`,
    port: addr.port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Waits `ms`, or less if the client goes away (so slow answers do not keep stopped tests alive). */
export function delay(ms: number, res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    res.once('close', () => {
      clearTimeout(t);
      resolve();
    });
  });
}

/** A real JPEG/WebP/AVIF of the placeholder artwork, like a CMS would serve an uploaded photo. */
export async function sendImage(res: http.ServerResponse, seed: string, width: number, height: number, format: 'jpg' | 'webp' | 'avif' = 'jpg'): Promise<void> {
  const safeSeed = seed.toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 60) || 'fake';
  const img = sharp(Buffer.from(placeholderSvg(safeSeed, width, height)));
  const buf = format === 'avif' ? await img.avif({ quality: 50 }).toBuffer() : format === 'webp' ? await img.webp({ quality: 70 }).toBuffer() : await img.jpeg({ quality: 70 }).toBuffer();
  res.writeHead(200, { 'content-type': `image/${format === 'jpg' ? 'jpeg' : format}`, 'content-length': buf.length, 'cache-control': 'public, max-age=3600' });
  res.end(buf);
}
