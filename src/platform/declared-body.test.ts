import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { applyDeclaredBody, declareBody, DECLARED_BODY, type BodySink } from './declared-body.mjs';
import { applyDeclaredResponse, DECLARED_LENGTH } from './declared-response.mjs';

// The compression middleware Next puts on every response of its server (router-server.js): it wraps writeHead,
// write and end, and the declared body must come through it whole, its write callbacks called.
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

/** A server shaped like server.mjs + Next: our hooks first, then Next's compression, then the route's answer. */
async function serve(handler: (res: http.ServerResponse) => void, errors: unknown[] = []): Promise<string> {
  server = http.createServer((req, res) => {
    applyDeclaredResponse(res);
    applyDeclaredBody(res, (_msg, err) => errors.push(err));
    compression()(req, res, () => undefined);
    handler(res);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** A body of `parts`, each written once the socket took the previous one (as the ZIP writer does). */
function partsBody(parts: string[], seen: { sinks: BodySink[]; cancelled: number }) {
  return {
    write: async (sink: BodySink) => {
      seen.sinks.push(sink);
      for (const p of parts) await new Promise<void>((resolve, reject) => sink.write(Buffer.from(p), (err) => (err ? reject(err) : resolve())));
    },
    cancel: () => void seen.cancelled++,
  };
}

describe('declared response bodies (server.mjs writes them)', () => {
  it('writes a declared body with the headers the route set, callbacks and all, and never sends the token', async () => {
    const seen = { sinks: [] as BodySink[], cancelled: 0 };
    const url = await serve((res) => {
      res.statusCode = 206;
      res.setHeader('content-type', 'application/zip');
      res.setHeader(DECLARED_LENGTH, '11');
      res.setHeader(DECLARED_BODY, declareBody(partsBody(['hello ', 'world'], seen)));
      res.end();
    });
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-length')).toBe('11');
    expect(res.headers.get(DECLARED_BODY)).toBeNull();
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('hello world');
    expect(seen.sinks).toHaveLength(1);
    expect(seen.cancelled).toBe(0);
  });

  it('fails closed: an unknown token, or a declared response ended with data of its own, cuts the connection', async () => {
    const url = await serve((res) => {
      res.setHeader(DECLARED_BODY, 'not-a-declared-token');
      res.end();
    });
    await expect(fetch(url).then((r) => r.text())).rejects.toThrow();
    afterEachClose();
    const seen = { sinks: [] as BodySink[], cancelled: 0 };
    const url2 = await serve((res) => {
      res.setHeader(DECLARED_BODY, declareBody(partsBody(['x'], seen)));
      res.end('something else');
    });
    await expect(fetch(url2).then((r) => r.text())).rejects.toThrow();
    expect(seen.cancelled).toBe(1);
  });

  it('answers HEAD without the body and releases it', async () => {
    const seen = { sinks: [] as BodySink[], cancelled: 0 };
    const url = await serve((res) => {
      res.setHeader(DECLARED_LENGTH, '5');
      res.setHeader(DECLARED_BODY, declareBody(partsBody(['hello'], seen)));
      res.end();
    });
    const res = await fetch(url, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('5');
    expect(seen.sinks).toHaveLength(0);
    expect(seen.cancelled).toBe(1);
  });

  it('destroys the response when the body fails, and tells the writer when the client goes away', async () => {
    const errors: unknown[] = [];
    const url = await serve((res) => {
      res.setHeader(DECLARED_BODY, declareBody({
        write: async (sink) => {
          sink.write(Buffer.from('part'), () => undefined);
          throw new Error('disk gone');
        },
        cancel: () => undefined,
      }));
      res.end();
    }, errors);
    await expect(fetch(url).then((r) => r.text())).rejects.toThrow();
    await expect.poll(() => errors.length).toBe(1);
    expect(String(errors[0])).toContain('disk gone');
    afterEachClose();

    let aborted: Promise<void> | null = null;
    const quiet: unknown[] = [];
    const url2 = await serve((res) => {
      res.setHeader(DECLARED_BODY, declareBody({
        write: (sink) => {
          sink.write(Buffer.alloc(64 * 1024), () => undefined);
          aborted = new Promise<void>((resolve) => sink.signal.addEventListener('abort', () => resolve()));
          return aborted.then(() => Promise.reject(new Error('client gone')));
        },
        cancel: () => undefined,
      }));
      res.end();
    }, quiet);
    const controller = new AbortController();
    const res = await fetch(url2, { signal: controller.signal });
    await res.body!.getReader().read();
    controller.abort();
    await expect.poll(() => aborted !== null).toBe(true);
    await aborted;
    // A client that left is not an error of the body.
    expect(quiet).toEqual([]);
  });

  it('leaves responses without a declared body alone', async () => {
    const url = await serve((res) => {
      res.setHeader('content-type', 'text/plain');
      res.write('plain ');
      res.end('answer');
    });
    expect(await (await fetch(url)).text()).toBe('plain answer');
  });
});

function afterEachClose() {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
}
