import 'server-only';
import crypto from 'node:crypto';
import { SignJWT, jwtVerify, decodeJwt } from 'jose';
import type { Db } from '@/db/client';
import { getEnv } from '@/platform/env';
import { settingOrCreate } from '@/platform/settings.server';

const SETTING_KEY = 'jwt_secret';
const secrets = new WeakMap<Db, Promise<Uint8Array>>();

/**
 * JWT_SECRET when configured; otherwise one generated on first start and kept in app_settings, so every
 * instance sharing the database signs with the same key and sessions survive restarts.
 */
export function jwtSecret(db: Db): Promise<Uint8Array> {
  const configured = getEnv().JWT_SECRET;
  if (configured) return Promise.resolve(new TextEncoder().encode(configured));
  let p = secrets.get(db);
  if (!p) {
    p = loadOrCreateSecret(db).catch((err: unknown) => {
      secrets.delete(db);
      throw err;
    });
    secrets.set(db, p);
  }
  return p;
}

async function loadOrCreateSecret(db: Db): Promise<Uint8Array> {
  // Two instances starting at once agree on one value (settingOrCreate: the first insert wins).
  const value = await settingOrCreate(db, SETTING_KEY, () => crypto.randomBytes(48).toString('base64url'));
  return new TextEncoder().encode(value);
}

export interface SessionClaims {
  id: number;
  /** users.token_version at issue time; a password change invalidates older tokens. */
  ver: number;
  /** Token id, for revocation on sign-out (absent in tokens issued before it existed). */
  jti?: string;
  exp: number;
  iat: number;
}

export async function issueJwt(db: Db, user: { id: number; tokenVersion: number }, lifetimeSeconds: number): Promise<string> {
  return new SignJWT({ id: user.id, ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${lifetimeSeconds}s`)
    .sign(await jwtSecret(db));
}

export async function verifyJwt(db: Db, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await jwtSecret(db), { algorithms: ['HS256'] });
    const id = payload.id;
    const ver = payload.ver ?? 0;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof ver !== 'number') return null;
    if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
    const jti = typeof payload.jti === 'string' ? payload.jti : undefined;
    return { id, ver, jti, exp: payload.exp, iat: payload.iat };
  } catch {
    return null;
  }
}

/** Expiry without verification — only to decide whether a (separately verified) token is due for renewal. */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** Renew when less than an hour is left (docs/spec.md §9: session renewal within 1 hour of the expiry). */
export const RENEW_WITHIN_SECONDS = 3600;

export function isDueForRenewal(token: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp > nowSeconds && exp - nowSeconds <= RENEW_WITHIN_SECONDS;
}
