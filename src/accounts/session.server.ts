import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { clientAddress } from '@/platform/rate-limit.server';
import { CLIENT_ADDRESS_HEADER } from '@/platform/client-address.mjs';
import { accountsConfig } from './config';
import { StrapiClient, memoryUserStore, type TokenStore } from './strapi-client';
import { builtinFetch } from './builtin/fetch.server';

/**
 * Per-request session state. The JWT lives in an HttpOnly cookie (name/options from config). Server components
 * cannot change cookies, so a token cleared during render is remembered here for the rest of the request and
 * the browser is told to drop it (SessionProvider → clearSessionAction).
 */
interface RequestSession {
  /** undefined: read the cookie; null: cleared in this request; string: replaced in this request. */
  override?: string | null;
  /** The cookie could not be changed (render phase) — the client must finish the job. */
  cookieStale: boolean;
}

const requestSession = cache((): RequestSession => ({ cookieStale: false }));

export function cookieTokenStore(): TokenStore {
  const { cookie } = accountsConfig();
  return {
    async get() {
      const s = requestSession();
      if (s.override !== undefined) return s.override;
      return (await cookies()).get(cookie.name)?.value ?? null;
    },
    async set(token) {
      const s = requestSession();
      s.override = token;
      const jar = await cookies();
      try {
        if (token) jar.set(cookie.name, token, cookie.options);
        else if (jar.has(cookie.name)) jar.delete({ name: cookie.name, path: cookie.options.path });
      } catch {
        // Server component render: cookies are read-only here.
        s.cookieStale = true;
      }
    },
  };
}

export function sessionCookieIsStale(): boolean {
  return requestSession().cookieStale;
}

/**
 * The visitor's address, forwarded so the account server's per-client rate limits see the real client: the
 * built-in server (called in-process, never over the network) reads x-client-address; Strapi reads
 * X-Forwarded-For when its proxy setting trusts this site.
 */
async function forwardedHeaders(): Promise<Record<string, string>> {
  const address = clientAddress(await headers());
  return { [CLIENT_ADDRESS_HEADER]: address, 'x-forwarded-for': address };
}

/** A protocol client bound to this request's cookie. Built-in mode is served in-process; Strapi over HTTP. */
export async function serverClient(): Promise<StrapiClient> {
  const cfg = accountsConfig();
  return new StrapiClient({
    url: cfg.url,
    prefix: cfg.prefix,
    version: cfg.version,
    userParams: cfg.userPopulate,
    tokens: cookieTokenStore(),
    users: memoryUserStore(),
    fetch: cfg.source === 'builtin' ? builtinFetch : undefined,
    headers: await forwardedHeaders(),
  });
}
