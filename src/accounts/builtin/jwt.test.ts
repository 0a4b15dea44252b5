import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { RENEW_WITHIN_SECONDS, isDueForRenewal, tokenExpiry } from './jwt.server';
import { hashCode, randomCode } from './codes';

async function tokenExpiringIn(seconds: number, now: number): Promise<string> {
  return new SignJWT({ id: 1, ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + seconds).sign(new TextEncoder().encode('x'.repeat(32)));
}

describe('session renewal window', () => {
  const now = 1_800_000_000;
  it('renews only within the last hour before expiry', async () => {
    expect(RENEW_WITHIN_SECONDS).toBe(3600);
    expect(isDueForRenewal(await tokenExpiringIn(3599, now), now)).toBe(true);
    expect(isDueForRenewal(await tokenExpiringIn(3600, now), now)).toBe(true);
    expect(isDueForRenewal(await tokenExpiringIn(3601, now), now)).toBe(false);
    expect(isDueForRenewal(await tokenExpiringIn(-1, now), now)).toBe(false);
    expect(isDueForRenewal('garbage', now)).toBe(false);
    expect(tokenExpiry(await tokenExpiringIn(60, now))).toBe(now + 60);
  });

  it('codes are random and only their hash is stored', () => {
    const a = randomCode();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(randomCode()).not.toBe(a);
    expect(hashCode(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode(a)).not.toContain(a);
  });
});
