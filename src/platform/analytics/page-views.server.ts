import 'server-only';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db } from '@/db/client';

/**
 * First-party page-view counts: one row per path and day, no visitor data (no address, cookie or agent).
 * Only sent by the browser after the visitor agreed to analytics.
 */
export const MAX_TRACKED_PATH_LENGTH = 200;

export const pageViewSchema = z.object({
  path: z
    .string({ message: 'Chybí cesta stránky.' })
    .min(1, 'Chybí cesta stránky.')
    .max(MAX_TRACKED_PATH_LENGTH, 'Cesta stránky je příliš dlouhá.')
    .regex(/^\/[A-Za-z0-9\-._~%/]*$/, 'Neplatná cesta stránky.')
    .refine((p) => !p.startsWith('/api/') && !p.startsWith('/_next/') && !p.startsWith('/admin'), 'Tato cesta se nepočítá.'),
});

/** Query and fragment never reach the table; trailing slashes are folded and case kept. */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed || '/';
}

export async function recordPageView(db: Db, path: string, now = new Date()): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await db.execute(sql`
    INSERT INTO page_views (path, day, views) VALUES (${path}, ${day}, 1)
    ON CONFLICT (path, day) DO UPDATE SET views = page_views.views + 1`);
}

export interface PageViewStats {
  days: number;
  total: number;
  /** Views per path over the period, most viewed first. */
  byPath: { path: string; views: number }[];
  /** Views per day and path, newest day first. */
  byDay: { day: string; path: string; views: number }[];
}

/** For the admin dashboard: views per page and per day over the last `days` days (today included). */
export async function getPageViewStats(db: Db, days: number, now = new Date()): Promise<PageViewStats> {
  const span = Math.max(1, Math.min(366, Math.floor(days)));
  const from = new Date(now.getTime() - (span - 1) * 86_400_000).toISOString().slice(0, 10);
  const byDay = rowsOf<{ day: string; path: string; views: number | string }>(
    await db.execute(
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, path, views FROM page_views WHERE day >= ${from} ORDER BY day DESC, views DESC, path ASC LIMIT 5000`,
    ),
  ).map((r) => ({ day: r.day, path: r.path, views: Number(r.views) }));
  const totals = new Map<string, number>();
  for (const r of byDay) totals.set(r.path, (totals.get(r.path) ?? 0) + r.views);
  const byPath = [...totals.entries()].map(([path, views]) => ({ path, views })).sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
  return { days: span, total: byPath.reduce((s, r) => s + r.views, 0), byPath, byDay };
}
