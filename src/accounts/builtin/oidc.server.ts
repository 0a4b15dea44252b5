import 'server-only';
import * as oidc from 'openid-client';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '@/db/client';
import { isUniqueViolation } from '@/db/client';
import { getEnv, siteUrl } from '@/platform/env';
import { log } from '@/platform/log';
import { AuthError, applicationError } from './errors';
import { issueJwt, jwtSecret } from './jwt.server';
import { createUser, findRoleByType, findUserByEmail, type UserWithRole } from './repository';
import { accountsConfig } from '../config';

/**
 * Provider sign-in of the built-in server, shaped like Strapi's grant flow:
 *   GET /api/connect/{provider}            → 302 to the OpenID provider (state, nonce, PKCE in a signed cookie)
 *   GET /api/connect/{provider}/callback   → code exchange; the ID token's signature, issuer, audience (our client
 *                                            id) and nonce are checked; find or create the user by the verified
 *                                            e-mail; the session cookie is set and the visitor goes to /ucet
 *   GET /api/auth/{provider}/callback?access_token=… → refused (a raw access token may belong to another app)
 * One provider, configured by OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_CLIENT_SECRET / OIDC_PROVIDER_NAME.
 */

const FLOW_COOKIE = 'oidc_flow';
const FLOW_TTL_SECONDS = 600;

export function oidcProviderName(): string | null {
  const env = getEnv();
  return env.OIDC_ISSUER && env.OIDC_CLIENT_ID ? env.OIDC_PROVIDER_NAME : null;
}

const g = globalThis as unknown as { __oidcConfig?: { key: string; config: Promise<oidc.Configuration> } };

function configuration(): Promise<oidc.Configuration> {
  const env = getEnv();
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID) throw applicationError('This provider is disabled');
  const key = `${env.OIDC_ISSUER}|${env.OIDC_CLIENT_ID}`;
  if (!g.__oidcConfig || g.__oidcConfig.key !== key) {
    const issuer = new URL(env.OIDC_ISSUER);
    const config = oidc
      .discovery(issuer, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET, undefined, {
        // Plain http only for a provider on loopback (development and tests).
        // The ID token's signature is checked against the provider's published keys (jwks_uri), not only trusted
        // because it came over TLS: a token signed by any other key is refused.
        execute: isLoopback(issuer) ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
        timeout: 10,
      })
      .catch((err: unknown) => {
        g.__oidcConfig = undefined;
        throw err;
      });
    g.__oidcConfig = { key, config };
  }
  return g.__oidcConfig.config;
}

function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

function requireProvider(provider: string) {
  if (!provider || provider !== oidcProviderName()) throw applicationError('This provider is disabled');
}

function redirectUri(provider: string): string {
  return `${siteUrl()}/api/connect/${provider}/callback`;
}

function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

function flowCookie(value: string, maxAge: number): string {
  const secure = siteUrl().startsWith('https:') ? '; Secure' : '';
  return `${FLOW_COOKIE}=${encodeURIComponent(value)}; Path=/api/connect; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

async function unavailable(err: unknown): Promise<never> {
  log.warn('OpenID provider unavailable', { err });
  throw applicationError('The provider is currently unavailable');
}

export async function providerConnect(db: Db, _request: Request, provider: string): Promise<Response> {
  requireProvider(provider);
  const config = await configuration().catch(unavailable);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(provider),
    scope: 'openid email profile',
    response_type: 'code',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const flow = await new SignJWT({ state, nonce, verifier, provider })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
    .sign(await jwtSecret(db));
  return new Response(null, {
    status: 302,
    headers: { location: url.href, 'set-cookie': flowCookie(flow, FLOW_TTL_SECONDS), 'cache-control': 'no-store' },
  });
}

export async function providerGrantCallback(db: Db, request: Request, provider: string): Promise<Response> {
  requireProvider(provider);
  const raw = readCookie(request, FLOW_COOKIE);
  let flow: { state: string; nonce: string; verifier: string } | null = null;
  if (raw) {
    try {
      const { payload } = await jwtVerify(raw, await jwtSecret(db), { algorithms: ['HS256'] });
      if (typeof payload.state === 'string' && typeof payload.nonce === 'string' && typeof payload.verifier === 'string' && payload.provider === provider) {
        flow = { state: payload.state, nonce: payload.nonce, verifier: payload.verifier };
      }
    } catch {
      flow = null;
    }
  }
  const failed = (reason: string) =>
    new Response(null, {
      status: 302,
      headers: { location: `${siteUrl()}/ucet/prihlaseni?chyba=${encodeURIComponent(reason)}`, 'set-cookie': flowCookie('', 0), 'cache-control': 'no-store' },
    });
  if (!flow) return failed('poskytovatel');
  const config = await configuration().catch(unavailable);
  // The provider calls back on the public URL; rebuild it from siteUrl() (the request may have come via a proxy).
  const current = new URL(redirectUri(provider));
  current.search = new URL(request.url).search;
  let user: UserWithRole;
  try {
    // openid-client checks the ID token: signature, issuer, audience = our client id, expiry, and our nonce.
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    let identity: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string') {
      // Only a userinfo answer about the same subject as the ID token counts.
      identity = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    }
    user = await providerUser(db, provider, identity);
  } catch (err) {
    log.warn('OpenID sign-in failed', { provider, err: err instanceof AuthError ? err.message : err });
    return failed('poskytovatel');
  }
  if (user.blocked) return failed('poskytovatel');
  // The session goes straight into the site's cookie: no token of ours or the provider's ever travels in a URL.
  const { cookie, sessionSeconds } = accountsConfig();
  const secure = cookie.options.secure ? '; Secure' : '';
  const jwt = await issueJwt(db, user, sessionSeconds);
  const headers = new Headers({ location: `${siteUrl()}/ucet`, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
  headers.append('set-cookie', flowCookie('', 0));
  headers.append('set-cookie', `${cookie.name}=${jwt}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${cookie.options.maxAge}${secure}`);
  return new Response(null, { status: 302, headers });
}

/** Finds or creates the account for a provider identity; only a provider-verified address counts. */
async function providerUser(db: Db, provider: string, info: Record<string, unknown>): Promise<UserWithRole> {
  const email = typeof info.email === 'string' ? info.email.toLowerCase() : '';
  // A missing email_verified is not a yes: an unverified address could belong to someone else's account.
  if (!email || info.email_verified !== true) throw applicationError('Email was not available.');
  const user = await findUserByEmail(db, email);
  if (user && user.provider !== provider) throw applicationError('Email is already taken.');
  if (user) return user;
  const role = await findRoleByType(db, 'authenticated');
  // A provider's preferred_username that looks like an address other than the verified one is not taken: it could be
  // someone else's e-mail, squatting their registration (docs/decisions/060-usernames-and-account-mail.md).
  const preferred = typeof info.preferred_username === 'string' ? info.preferred_username.trim().slice(0, 100) : '';
  const username = preferred && (!preferred.includes('@') || preferred.toLowerCase() === email) ? preferred : email;
  try {
    return await createUser(db, { username, email, passwordHash: null, provider, confirmed: true, roleId: role?.id ?? null });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Username collision with a local account: fall back to the address, which is unique.
    return createUser(db, { username: email, email, passwordHash: null, provider, confirmed: true, roleId: role?.id ?? null }).catch((e: unknown) => {
      if (isUniqueViolation(e)) throw applicationError('Email is already taken.');
      throw e;
    });
  }
}

/**
 * GET /auth/{provider}/callback?access_token=… — Strapi's provider callback. The built-in server refuses it: a raw
 * access token proves nothing about who it was issued to (a token for another application would sign in as its
 * user). Sign-in runs through /connect/{provider}, whose callback checks the ID token and sets the session.
 */
export async function providerCallback(_db: Db, _request: Request, provider: string): Promise<never> {
  requireProvider(provider);
  throw applicationError('Raw access tokens are not accepted; sign in through /api/connect/' + provider);
}
