// @ts-check
/**
 * How long the server keeps an idle keep-alive connection open.
 *
 * Behind a reverse proxy the proxy reuses idle connections to the app. Node closes an idle connection after 5 s
 * by default, while Caddy keeps its idle upstream connections for 2 minutes by default. When the app closes a
 * connection at the moment Caddy writes the next request into it, the visitor gets a 502. Caddy retries a GET
 * on such an error, but not a POST: an inquiry, a sign-in or an upload could fail. So the app keeps idle
 * connections longer than the proxy does. deploy/Caddyfile sets `keepalive 60s`, and
 * tests/e2e/deploy-caddy.e2e.ts checks that it stays below this value.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 75_000;

/** @param {import('node:http').Server} server */
export function applyKeepAlive(server) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
}
