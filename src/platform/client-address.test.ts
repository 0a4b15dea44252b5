import { describe, expect, it } from 'vitest';
import { normalizeAddress, parseTrustProxy, resolveClientAddress } from './client-address.mjs';

describe('client address (server.mjs)', () => {
  it('without a proxy uses the socket only, whatever X-Forwarded-For says', () => {
    const none = parseTrustProxy(undefined);
    expect(resolveClientAddress('::ffff:127.0.0.5', '1.2.3.4', none)).toBe('127.0.0.5');
    expect(resolveClientAddress('203.0.113.9', '1.2.3.4, 5.6.7.8', parseTrustProxy('false'))).toBe('203.0.113.9');
    expect(resolveClientAddress(undefined, '1.2.3.4', none)).toBe('unknown');
  });

  it('with N hops takes the address the outermost trusted proxy saw', () => {
    const one = parseTrustProxy('1');
    expect(resolveClientAddress('10.0.0.1', 'forged, 203.0.113.7', one)).toBe('203.0.113.7');
    expect(resolveClientAddress('10.0.0.1', '203.0.113.7', one)).toBe('203.0.113.7');
    expect(resolveClientAddress('10.0.0.1', undefined, one)).toBe('10.0.0.1');
    expect(parseTrustProxy('true')).toEqual({ mode: 'hops', hops: 1 });
    const two = parseTrustProxy('2');
    expect(resolveClientAddress('10.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.2', two)).toBe('203.0.113.7');
    expect(resolveClientAddress('10.0.0.1', ['6.6.6.6, 203.0.113.7', '10.0.0.2'], two)).toBe('203.0.113.7');
  });

  it('with a list of proxies skips only those, from the right', () => {
    const list = parseTrustProxy('10.0.0.0/8, 192.0.2.1, ::1');
    expect(resolveClientAddress('10.1.2.3', '6.6.6.6, 203.0.113.7, 192.0.2.1', list)).toBe('203.0.113.7');
    // A client that reaches the app directly is not a trusted proxy: its header is ignored.
    expect(resolveClientAddress('198.51.100.4', '6.6.6.6', list)).toBe('198.51.100.4');
    expect(resolveClientAddress('::ffff:10.0.0.1', '203.0.113.7', list)).toBe('203.0.113.7');
    expect(resolveClientAddress('::1', 'garbage', list)).toBe('unknown');
    expect(resolveClientAddress('10.0.0.1', '10.0.0.2', list)).toBe('10.0.0.2');
  });

  it('refuses nonsense values with a Czech message', () => {
    expect(() => parseTrustProxy('abc')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/prefixu/);
    expect(() => parseTrustProxy('99')).toThrow(/nejvýše/);
  });

  it('normalizes addresses', () => {
    expect(normalizeAddress('[2001:DB8::1]')).toBe('2001:db8::1');
    expect(normalizeAddress('203.0.113.7:5555')).toBe('203.0.113.7');
    expect(normalizeAddress('not an ip')).toBeNull();
  });
});
