// The client's address, decided once per request by the production server (server.mjs) from the TCP socket and
// TRUST_PROXY, and handed to the app in one header that a client cannot supply. Plain JavaScript with node:
// imports only, so server.mjs runs it without a build step; the app and the tests use the same code (types in
// client-address.d.mts).
import net from 'node:net';

/** The only header the app reads the client address from; server.mjs removes any inbound copy. */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

/** Set by server.mjs before Next loads: the header above was written by this process, not by a client. */
export const SERVER_MARKER = Symbol.for('svatebni-fotograf.client-address-server');

/** `::ffff:127.0.0.1` → `127.0.0.1`; surrounding brackets and an IPv4 `:port` suffix are dropped. */
export function normalizeAddress(raw) {
  if (typeof raw !== 'string') return null;
  let a = raw.trim();
  if (a.startsWith('[')) a = a.slice(1, a.indexOf(']') > 0 ? a.indexOf(']') : undefined);
  const v4port = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(a);
  if (v4port) a = v4port[1];
  if (/^::ffff:\d{1,3}(?:\.\d{1,3}){3}$/i.test(a)) a = a.slice(7);
  return net.isIP(a) ? a.toLowerCase() : null;
}

/**
 * TRUST_PROXY:
 * - unset, empty, `false`, `0`, `no` → no proxy: the socket address only, X-Forwarded-For is ignored;
 * - a number N (`1`, `2` …; `true` means 1) → exactly N proxies in front: the client is the address the
 *   outermost of them saw (N-th from the right in X-Forwarded-For + socket);
 * - a comma-separated list of proxy addresses or CIDR ranges → walk from the right, skipping addresses in the
 *   list; the first address outside it is the client.
 * Returns `{ mode: 'none' } | { mode: 'hops', hops } | { mode: 'list', list, entries }` or throws with a Czech
 * message.
 */
export function parseTrustProxy(value) {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return { mode: 'none' };
  if (v === 'true' || v === 'yes') return { mode: 'hops', hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new Error('TRUST_PROXY: nejvýše 10 proxy serverů');
    return { mode: 'hops', hops };
  }
  const list = new net.BlockList();
  const entries = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    const [addr, bits, extra] = entry.split('/');
    const type = net.isIP(addr ?? '');
    if (!type || extra !== undefined) throw new Error(`TRUST_PROXY: „${entry}“ není číslo, IP adresa ani rozsah CIDR`);
    const family = type === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) {
      list.addAddress(addr, family);
    } else {
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (type === 6 ? 128 : 32)) throw new Error(`TRUST_PROXY: „${entry}“ má neplatnou délku prefixu`);
      list.addSubnet(addr, prefix, family);
    }
  }
  return { mode: 'list', list, entries };
}

function trusted(list, address) {
  const type = net.isIP(address);
  if (!type) return false;
  if (list.check(address, type === 6 ? 'ipv6' : 'ipv4')) return true;
  // An IPv4 proxy listed as 10.0.0.1 also matches when it reaches us as ::ffff:10.0.0.1, and vice versa.
  return type === 4 && list.check(`::ffff:${address}`, 'ipv6');
}

/**
 * The client address for one request: `socketAddress` is req.socket.remoteAddress, `forwardedFor` the raw
 * X-Forwarded-For header(s). Anything a client wrote left of the trusted hops is never used.
 */
export function resolveClientAddress(socketAddress, forwardedFor, trust) {
  const socket = normalizeAddress(socketAddress) ?? 'unknown';
  if (trust.mode === 'none') return socket;
  const raw = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const chain = [...raw.split(',').map((s) => s.trim()).filter(Boolean), socket];
  if (trust.mode === 'hops') {
    const index = Math.max(0, chain.length - 1 - trust.hops);
    return normalizeAddress(chain[index]) ?? 'unknown';
  }
  for (let i = chain.length - 1; i >= 0; i--) {
    const a = normalizeAddress(chain[i]);
    if (a === null) return 'unknown';
    if (!trusted(trust.list, a) || i === 0) return a;
  }
  return 'unknown';
}

/**
 * Rewrites the request's headers in place before Next sees them: any inbound x-client-address is removed and the
 * resolved address is set.
 */
export function applyClientAddress(req, trust) {
  const address = resolveClientAddress(req.socket?.remoteAddress, req.headers['x-forwarded-for'], trust);
  delete req.headers[CLIENT_ADDRESS_HEADER];
  if (Array.isArray(req.rawHeaders)) {
    const kept = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (String(req.rawHeaders[i]).toLowerCase() === CLIENT_ADDRESS_HEADER) continue;
      kept.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
    }
    kept.push(CLIENT_ADDRESS_HEADER, address);
    req.rawHeaders = kept;
  }
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}
