/**
 * A real HTTP server in front of the built-in account server's handlers (the same functions the Next route
 * files call), for protocol tests without a Next build. Like the production server (server.mjs) it decides the
 * client address with the same code — applyClientAddress() with TRUST_PROXY — so tests that send
 * X-Forwarded-For act as a trusted proxy only when TRUST_PROXY says there is one. The forged-header cases run
 * against the real production server in tests/e2e/platform-client-address.e2e.ts.
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { Db } from '@/db/client';
import { dispatch } from '@/accounts/builtin/handlers.server';
import { applyClientAddress, parseTrustProxy } from '@/platform/client-address.mjs';

export async function startAccountServer(db: Db): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    try {
      applyClientAddress(req, parseTrustProxy(process.env.TRUST_PROXY));
      const host = req.headers.host ?? '127.0.0.1';
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
        else if (v !== undefined) headers.set(k, v);
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(`http://${host}${req.url ?? '/'}`, {
        method: req.method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
        duplex: 'half',
      } as RequestInit);
      const response = await dispatch(db, request);
      res.statusCode = response.status;
      response.headers.forEach((value, key) => res.setHeader(key, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (err) {
      res.statusCode = 599;
      res.end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
