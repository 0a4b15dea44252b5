import 'server-only';
import * as oidc from 'openid-client';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '@/db/client';
import { isUniqueViolation } from '@/db/client';
import { z } from 'zod';
import { getEnv, siteUrl } from '@/platform/env';
import { log } from '@/platform/log';
import { AuthError, applicationError, validationError } from './errors';
import { issueJwt, jwtSecret } from './jwt.server';
import { consumeProviderGrant, createProviderGrant, createUser, findRoleByType, findUserByEmail, findUserById, type UserWithRole } from './repository';
import { session } from './service.server';
import { accountsConfig, accountsFrontendUrl } from '../config';

/**
 * Provider sign-in of the built-in server, shaped like Strapi's grant flow (docs/protocols.md §1.2):
 *   GET /api/connect/{provider}[?callback=…] → 302 to the OpenID provider (state, nonce, PKCE and where the sign-in
 *                                            ends, in a signed cookie)
 *   GET /api/connect/{provider}/callback   → code exchange; the ID token's signature, issuer, audience (our client
 *                                            id) and nonce are checked; find or create the user by the verified
 *                                            e-mail; then either
 *                                            - the site: the session cookie is set and the visitor goes to /ucet, or
 *                                            - a separate front-end: the browser goes to its redirect URL with
 *                                              `access_token=<single-use code>` (never a token of ours or the
 *                                              provider's), valid for a minute
 *   GET /api/auth/{provider}/callback?access_token=<code> → exchanges that code once for Strapi's `{jwt, user}`;
 *                                            anything else (a raw provider access token, a JWT, a used or expired
 *                                            code, a code of another provider) is refused
 * One provider, configured by OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_CLIENT_SECRET / OIDC_PROVIDER_NAME.
 * docs/decisions/092-provider-sign-in-for-other-front-ends.md
 */

const FLOW_COOKIE = 'oidc_flow';
const FLOW_TTL_SECONDS = 600;
/** How long a front-end has to exchange the code it was sent with (it does so as soon as its page loads). */
export const PROVIDER_GRANT_TTL_MS = 60_000;
const CALLBACK_MAX_LENGTH = 2048;

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

/**
 * Where a sign-in ends: null for the site itself (session cookie), else the front-end URL the browser is sent to
 * with the code. Like Strapi: a `callback` query parameter, checked (Strapi's "Invalid callback URL provided"), else
 * the configured front-end — `{ACCOUNTS_FRONTEND_URL}/connect/{provider}/redirect` when ACCOUNTS_FRONTEND_URL is
 * another origin than the site. Only the site's origin or one listed in CORS_ORIGINS is ever accepted.
 */
function frontEndTarget(request: Request, provider: string): string | null {
  const site = new URL(siteUrl()).origin;
  const callback = new URL(request.url).searchParams.get('callback');
  if (callback === null) {
    const front = accountsFrontendUrl();
    return new URL(front).origin === site ? null : `${front}/connect/${provider}/redirect`;
  }
  const url = callback.length <= CALLBACK_MAX_LENGTH && URL.canParse(callback) ? new URL(callback) : null;
  const plain = url && (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.hash;
  if (url && plain && url.origin === site) return null;
  if (url && plain && isListedFrontEnd(url)) return url.href;
  throw validationError('Invalid callback URL provided', { callback: callback.slice(0, CALLBACK_MAX_LENGTH) });
}

/** A separate front-end allowed to receive sign-ins: listed in CORS_ORIGINS (checked again when the code is sent). */
function isListedFrontEnd(url: URL): boolean {
  return url.origin !== new URL(siteUrl()).origin && getEnv().CORS_ORIGINS.includes(url.origin);
}

export async function providerConnect(db: Db, request: Request, provider: string): Promise<Response> {
  requireProvider(provider);
  const target = frontEndTarget(request, provider);
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
  const flow = await new SignJWT({ state, nonce, verifier, provider, target })
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
  let flow: z.infer<typeof flowClaims> | null = null;
  if (raw) {
    try {
      const { payload } = await jwtVerify(raw, await jwtSecret(db), { algorithms: ['HS256'] });
      const parsed = flowClaims.safeParse(payload);
      flow = parsed.success && parsed.data.provider === provider ? parsed.data : null;
    } catch {
      flow = null;
    }
  }
  // A front-end that is no longer listed gets nothing, not even the failure.
  const target = flow?.target && isListedFrontEnd(new URL(flow.target)) ? flow.target : null;
  const redirect = (location: string) =>
    new Response(null, {
      status: 302,
      headers: { location, 'set-cookie': flowCookie('', 0), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
    });
  const failed = (reason: string) => {
    if (!target) return redirect(`${siteUrl()}/ucet/prihlaseni?chyba=${encodeURIComponent(reason)}`);
    // Like Strapi's grant, the front-end learns of a failure by an `error` parameter instead of `access_token`.
    const url = new URL(target);
    url.searchParams.set('error', 'provider_sign_in_failed');
    return redirect(url.href);
  };
  if (!flow || (flow.target && !target)) return failed('poskytovatel');
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
  if (target) {
    // A separate front-end gets a random single-use code, bound to this provider and account, valid for a minute —
    // never a session token or the provider's token — and exchanges it at /api/auth/{provider}/callback.
    const url = new URL(target);
    url.searchParams.set('access_token', await createProviderGrant(db, { provider, userId: user.id, ttlMs: PROVIDER_GRANT_TTL_MS }));
    return redirect(url.href);
  }
  // The site's own sign-in: the session goes straight into the site's cookie, no token of any kind in a URL.
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

const flowClaims = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  provider: z.string(),
  /** The front-end the sign-in ends on, or null for the site (flows started before it existed carry none). */
  target: z.url().nullable().default(null),
});

const grantQuery = z.object({ access_token: z.string().min(1) });
/** Codes are 43 characters; anything much longer (a provider's token, say) is not looked up. */
const ACCESS_TOKEN_MAX_LENGTH = 4096;

/**
 * GET /auth/{provider}/callback?access_token=… — Strapi's provider callback, the front-end's half of the sign-in. The
 * built-in server accepts only the single-use code its own /connect/{provider}/callback sent to a listed front-end: a
 * raw access token proves nothing about who it was issued to (a token for another application would sign in as its
 * user), so a provider token, a JWT, or a used, expired or other provider's code all get the same 400.
 */
export async function providerCallback(db: Db, request: Request, provider: string) {
  requireProvider(provider);
  const query = grantQuery.safeParse({ access_token: new URL(request.url).searchParams.get('access_token') ?? undefined });
  if (!query.success) throw validationError('No access_token.');
  const code = query.data.access_token;
  const grant = code.length <= ACCESS_TOKEN_MAX_LENGTH ? await consumeProviderGrant(db, provider, code) : null;
  const user = grant ? await findUserById(db, grant.userId) : null;
  if (!user) throw applicationError('Invalid or expired access_token');
  if (user.blocked) throw applicationError('Your account has been blocked by an administrator');
  return session(db, user);
}
