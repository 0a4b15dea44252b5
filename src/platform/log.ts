/**
 * Structured logs: one JSON object per line in production, readable lines in development.
 * No dependency: Next bundles server code and pino's worker transports do not survive that.
 */
import { getEnv } from './env';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * Level and format from the validated configuration (LOG_LEVEL, LOG_PRETTY, NODE_ENV). While the configuration is
 * invalid — start-up is about to report exactly that — logs fall back to info-level JSON so the report gets out.
 */
function settings(): { threshold: number; pretty: boolean } {
  try {
    const env = getEnv();
    return { threshold: order[env.LOG_LEVEL], pretty: env.NODE_ENV === 'development' || env.LOG_PRETTY };
  } catch {
    return { threshold: order.info, pretty: false };
  }
}

function serialise(v: unknown): unknown {
  if (v instanceof Error) return { name: v.name, message: v.message, stack: v.stack, cause: v.cause ? serialise(v.cause) : undefined };
  return v;
}

function write(level: Level, msg: string, ctx?: Record<string, unknown>) {
  const { threshold, pretty } = settings();
  if (order[level] < threshold) return;
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ctx ?? {})) fields[k] = serialise(v);
  const line = pretty
    ? `${level.toUpperCase()} ${msg}${Object.keys(fields).length ? ' ' + JSON.stringify(fields) : ''}`
    : JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  // warn/error go to stderr; tests watch console.error, so logs use the streams directly.
  (order[level] >= 30 ? process.stderr : process.stdout).write(line + '\n');
}

export const log = {
  debug: (msg: string, ctx?: Record<string, unknown>) => write('debug', msg, ctx),
  info: (msg: string, ctx?: Record<string, unknown>) => write('info', msg, ctx),
  warn: (msg: string, ctx?: Record<string, unknown>) => write('warn', msg, ctx),
  error: (msg: string, ctx?: Record<string, unknown>) => write('error', msg, ctx),
};

export type Logger = typeof log;

/** A logger that adds fixed fields (e.g. the request id the proxy assigned) to every line. */
export function childLogger(fields: Record<string, unknown>): Logger {
  return {
    debug: (msg, ctx) => write('debug', msg, { ...fields, ...ctx }),
    info: (msg, ctx) => write('info', msg, { ...fields, ...ctx }),
    warn: (msg, ctx) => write('warn', msg, { ...fields, ...ctx }),
    error: (msg, ctx) => write('error', msg, { ...fields, ...ctx }),
  };
}

/** Logger for a route handler: every line carries the request's `x-request-id` (set by src/proxy.ts). */
export function requestLogger(request: { headers: Headers }): Logger {
  return childLogger({ requestId: request.headers.get('x-request-id') ?? undefined });
}
