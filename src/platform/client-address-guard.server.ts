import 'server-only';
import { behindClientAddressServer } from './rate-limit.server';

/**
 * A production process must run behind server.mjs, the only thing that sets x-client-address from the socket.
 * Under a bare `next start` a client could write that header itself and dodge every per-client limit.
 */
export function requireClientAddressServer(): void {
  if (process.env.NODE_ENV === 'production' && !behindClientAddressServer()) {
    console.error('Produkční server se spouští příkazem `npm start` (node server.mjs), ne `next start`.');
    process.exit(1);
  }
}
