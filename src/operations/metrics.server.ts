import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import { rowsOf } from '@/db/client';
import { getDb, getDbHandle } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import { mailCounts } from '@/platform/mail-outbox.server';
import { httpMetrics } from '@/platform/metrics.mjs';
import { backupPaths } from './layout';
import { readStatus } from './status';

/** A gauge another domain contributes (listed by the app in src/wiring.server.ts). */
export interface MetricSource {
  name: string;
  help: string;
  read: () => Promise<number>;
}

function tokenMatches(header: string | null, token: string): boolean {
  const m = /^Bearer (.+)$/.exec(header ?? '');
  if (!m) return false;
  const a = Buffer.from(m[1]);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra } });

/**
 * GET /api/metrics in Prometheus' text format, for whoever runs the site. Without METRICS_TOKEN the endpoint does
 * not exist (404); with it, only `Authorization: Bearer <METRICS_TOKEN>` reads it.
 */
export async function metricsResponse(request: Request, sources: MetricSource[]): Promise<Response> {
  const token = getEnv().METRICS_TOKEN;
  if (!token) return text('Nenalezeno', 404);
  if (!tokenMatches(request.headers.get('authorization'), token)) return text('Chybí platný token (Authorization: Bearer …)', 401, { 'www-authenticate': 'Bearer' });

  const registry = new client.Registry();
  const gauge = (name: string, help: string, labelNames: string[] = []) => new client.Gauge({ name, help, labelNames, registers: [registry] });

  const outbox = gauge('mail_outbox_messages', 'Mails in the outbox by status (pending, failed, sent)', ['status']);
  const counts = await mailCounts(await getDb());
  for (const status of ['pending', 'failed', 'sent']) outbox.set({ status }, counts[status] ?? 0);

  const handle = await getDbHandle();
  const size = rowsOf<{ bytes: string }>(await handle.db.execute('SELECT pg_database_size(current_database())::text AS bytes' as never));
  gauge('database_size_bytes', `Size of the database (${handle.kind})`).set(Number(size[0]?.bytes ?? 0));

  const status = readStatus(backupPaths(getEnv().DATA_DIR).status);
  const age = gauge('backup_last_success_age_seconds', 'Seconds since the last good backup began (-1: none yet)');
  age.set(status.lastSuccess ? Math.max(0, (Date.now() - Date.parse(status.lastSuccess.at)) / 1000) : -1);
  gauge('backup_last_attempt_ok', '1 when the last backup attempt succeeded, 0 when it failed, -1 when none ran').set(
    status.lastAttempt ? (status.lastAttempt.ok ? 1 : 0) : -1,
  );
  gauge('backup_last_success_bytes', 'Size of the last good backup').set(status.lastSuccess?.bytes ?? 0);
  for (const s of sources) gauge(s.name, s.help).set(await s.read());

  const body = `${await httpMetrics().registry.metrics()}\n${await registry.metrics()}`;
  return text(body, 200, { 'content-type': registry.contentType });
}
