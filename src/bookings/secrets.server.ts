import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@/db/client';
import { replaceSetting, settingOrCreate } from '@/platform/settings.server';

/**
 * Secrets the bookings domain generates once and keeps in app_settings, so every instance agrees:
 * the form-timestamp signing key, the client-address hashing salt and the calendar feed token.
 */
const g = globalThis as unknown as { __bookingSecrets?: Map<string, string> };
const cache = (g.__bookingSecrets ??= new Map());

async function secret(db: Db, key: string): Promise<string> {
  const hit = cache.get(key);
  if (hit) return hit;
  const value = await settingOrCreate(db, key, () => randomBytes(32).toString('base64url'));
  cache.set(key, value);
  return value;
}

/** The hidden "form started at" field: `<ms>.<hmac>`. */
export async function signFormStart(db: Db, now: number): Promise<string> {
  const key = await secret(db, 'bookings.form_secret');
  return `${now}.${createHmac('sha256', key).update(`form-start:${now}`).digest('base64url')}`;
}

/** Milliseconds since the form was rendered, or null when the token is missing or forged. */
export async function formAgeMs(db: Db, token: unknown, now: number): Promise<number | null> {
  if (typeof token !== 'string' || token.length > 200) return null;
  const m = /^(\d{10,16})\.([A-Za-z0-9_-]{20,})$/.exec(token);
  if (!m) return null;
  const key = await secret(db, 'bookings.form_secret');
  const expected = Buffer.from(createHmac('sha256', key).update(`form-start:${m[1]}`).digest('base64url'));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return now - Number(m[1]);
}

/** A stable pseudonym for the client address: rate limits and abuse review without storing the IP. */
export async function clientHash(db: Db, address: string): Promise<string> {
  const salt = await secret(db, 'bookings.client_salt');
  return createHmac('sha256', salt).update(address).digest('hex').slice(0, 32);
}

export async function calendarToken(db: Db): Promise<string> {
  return secret(db, 'bookings.calendar_token');
}

export async function rotateCalendarToken(db: Db): Promise<string> {
  const value = randomBytes(24).toString('base64url');
  await replaceSetting(db, 'bookings.calendar_token', value);
  cache.set('bookings.calendar_token', value);
  return value;
}

export async function isCalendarToken(db: Db, given: string): Promise<boolean> {
  // Read from the database, not the cache: a token rotated on another instance must stop working here too.
  cache.delete('bookings.calendar_token');
  const expected = Buffer.from(await calendarToken(db));
  const g2 = Buffer.from(given);
  return expected.length === g2.length && timingSafeEqual(expected, g2);
}
