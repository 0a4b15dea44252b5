import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { applyDeclaredResponse, DECLARED_LENGTH, DECLARED_STATUS } from './declared-response.mjs';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function serve(handler: (res: http.ServerResponse) => void): Promise<Response> {
  server = http.createServer((_req, res) => {
    applyDeclaredResponse(res);
    handler(res);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { redirect: 'manual' });
}

describe('declared response headers (server.mjs)', () => {
  it('sends a Location appended twice with the same URL once, and leaves differing ones alone', async () => {
    const twice = await serve((r) => {
      r.statusCode = 308;
      r.appendHeader('location', '/weddings/nova');
      r.appendHeader('location', '/weddings/nova');
      r.end();
    });
    expect(twice.status).toBe(308);
    expect(twice.headers.get('location')).toBe('/weddings/nova');
    await new Promise<void>((r) => server!.close(() => r()));
    const differing = await serve((r) => {
      r.statusCode = 308;
      r.appendHeader('location', '/a');
      r.appendHeader('location', '/b');
      r.end();
    });
    expect(differing.headers.get('location')).toBe('/a, /b');
  });

  it('turns a declared length into Content-Length on a streamed body', async () => {
    const res = await serve((r) => {
      r.setHeader(DECLARED_LENGTH, '10');
      r.write('hello');
      r.end('world');
    });
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(res.headers.get(DECLARED_LENGTH)).toBeNull();
    expect(await res.text()).toBe('helloworld');
  });

  it('ignores a malformed length, and a length on a re-encoded body', async () => {
    const bad = await serve((r) => {
      r.setHeader(DECLARED_LENGTH, '10; drop table');
      r.write('x');
      r.end();
    });
    expect(bad.headers.get('content-length')).toBeNull();
    expect(bad.headers.get(DECLARED_LENGTH)).toBeNull();
    expect(await bad.text()).toBe('x');
    await new Promise<void>((r) => server!.close(() => r()));
    const encoded = await serve((r) => {
      r.setHeader(DECLARED_LENGTH, '999');
      r.setHeader('content-encoding', 'identity');
      r.write('y');
      r.end();
    });
    expect(encoded.headers.get('content-length')).toBeNull();
    expect(await encoded.text()).toBe('y');
  });

  it('makes a 200 a 410 when declared, and changes no other status', async () => {
    const gone = await serve((r) => {
      r.setHeader(DECLARED_STATUS, '410');
      r.end('pryč');
    });
    expect(gone.status).toBe(410);
    expect(gone.headers.get(DECLARED_STATUS)).toBeNull();
    const notFound = await serve((r) => {
      r.statusCode = 404;
      r.setHeader(DECLARED_STATUS, '410');
      r.end();
    });
    expect(notFound.status).toBe(404);
    const other = await serve((r) => {
      r.setHeader(DECLARED_STATUS, '500');
      r.writeHead(200);
      r.end();
    });
    expect(other.status).toBe(200);
  });
});
