import 'server-only';
import { closeDb } from '@/db/db.server';
import { log } from './log';

/**
 * Graceful shutdown. The production server (server.mjs, like `next start` before it) handles SIGTERM itself: it
 * stops accepting connections, waits for in-flight requests to finish (server.close), closes Next's server and
 * then calls process.exit(143). We mark the process
 * as shutting down (so /api/ready answers 503 and a load balancer stops routing here) and hook that final exit to
 * close the database first (PGlite flushes its data dir, PostgreSQL pools end their sessions).
 * See docs/decisions/006-multi-instance.md.
 */
const g = globalThis as unknown as { __shutdown?: { installed: boolean; shuttingDown: boolean } };
const CLOSE_TIMEOUT_MS = 10_000;

export function isShuttingDown(): boolean {
  return g.__shutdown?.shuttingDown ?? false;
}

export function installShutdownHandlers(): void {
  if (g.__shutdown?.installed) return;
  const state = { installed: true, shuttingDown: false };
  g.__shutdown = state;
  const onSignal = (signal: NodeJS.Signals) => {
    if (state.shuttingDown) return;
    state.shuttingDown = true;
    log.info('shutdown: signal received, finishing in-flight requests', { signal });
    // Operators who set NEXT_MANUAL_SIG_HANDLE take over signals from Next: then nobody else exits.
    if (process.env.NEXT_MANUAL_SIG_HANDLE) void closeAndExit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  const originalExit = process.exit.bind(process);
  let exiting = false;
  const closeAndExit = async (code: number | string | null | undefined) => {
    exiting = true;
    const timer = setTimeout(() => {
      log.error('shutdown: database did not close in time');
      originalExit(code ?? 1);
    }, CLOSE_TIMEOUT_MS);
    try {
      await closeDb();
      log.info('shutdown: database closed, exiting', { code: code ?? 0 });
    } catch (err) {
      log.error('shutdown: closing the database failed', { err });
    } finally {
      clearTimeout(timer);
      originalExit(code ?? 0);
    }
  };
  process.exit = ((code?: number | string | null) => {
    if (!state.shuttingDown || exiting) return originalExit(code);
    void closeAndExit(code);
    return undefined as never;
  }) as typeof process.exit;
}
