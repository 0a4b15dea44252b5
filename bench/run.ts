/**
 * `npm run bench`: every benchmark against a fresh production build, results to bench/results/*.json and the
 * table in bench/results/SUMMARY.md.
 *
 *   npm run bench                      everything (≈ 10 minutes on 2 cores)
 *   npm run bench -- --only=lighthouse,bytes,throughput,booking
 *   npm run bench -- --runs=3 --duration=10
 *   npm run bench -- --only=gallery-zip,backup  (opt-in: the gallery ZIP in process and over HTTP; backups)
 *   npm run bench -- --only=gallery-page      (opt-in: the couple's gallery page with 900 photos, Lighthouse)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { budget, printBudgets, type BudgetCheck } from './lib/budgets';
import { machineInfo, root } from './lib/machine';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { runCannon } from './lib/cannon-runner';
import { readResults, writeResult } from './lib/results';
import { benchRoutes, reachableRoutes, sampleRss, startServer, treeRssMb } from './lib/server';
import { runLighthouse, type LighthouseFloor } from './lighthouse';
import { measurePeer } from './peer/peer';
import { startMinimalApp } from './lib/minimal-app';
import { measureBytes } from './bytes';
import { measureThroughput } from './throughput';
import { measureBookingPath, type BookingPathResult } from './booking';
import type { AdminListResult } from './lib/admin-list-types';
import { writeSummary } from './summary';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const only = new Set((args.get('only') ?? 'lighthouse,bytes,throughput,booking').split(','));
const runs = Number(args.get('runs') ?? 3);
const duration = Number(args.get('duration') ?? 10);

/** Load on the box at the start, plus BENCH_NOTE (e.g. which tree was measured) when set. */
function loadNote(): string[] {
  const [l1] = os.loadavg();
  const notes = process.env.BENCH_NOTE ? [process.env.BENCH_NOTE] : [];
  if (l1 > 1.0) {
    notes.push(
      `The 1-minute load average was ${l1.toFixed(2)} when this part started. It includes this benchmark's own preceding steps; above ~1 on 2 cores the numbers may be pessimistic.`,
    );
  }
  return notes;
}

function adminList(kind: 'pglite' | 'postgres'): AdminListResult {
  const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', path.join(root, 'bench/admin-list.ts'), kind], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`admin-list ${kind} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as AdminListResult;
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
  const pgVersion = await postgresAvailable();
  const allChecks: BudgetCheck[] = [];

  if (only.has('lighthouse') || only.has('bytes') || only.has('throughput')) {
    // First start initialises PGlite (initdb); the measured server is a restart on that data dir, as in production.
    const first = await startServer();
    await new Promise((r) => setTimeout(r, 2000));
    const firstStartIdleMb = treeRssMb(first.proc.pid!);
    await first.stop();
    const server = await startServer({}, { dataDir: first.dataDir });
    // The floor: a bare Next app on the same machine, measured in the same run (bench/lib/minimal-app.ts).
    const minimal = only.has('lighthouse') || only.has('bytes') ? await startMinimalApp() : null;
    try {
      const routes = await benchRoutes(server.url);
      console.log(`Routes: ${routes.map((r) => r.path).join(', ')}`);
      const { ok: measured, missing } = await reachableRoutes(server.url, routes);
      const routeNotes = missing.length ? [`Not measured (page missing in this build): ${missing.join(', ')}.`] : [];
      const floorRoute = [{ name: 'minimal-next', path: '/' }];

      if (only.has('lighthouse') && minimal) {
        const notes = [...loadNote(), ...routeNotes];
        const [floorPage] = await runLighthouse(minimal.url, floorRoute, runs);
        const floor: LighthouseFloor = { performance: floorPage.median.scores.performance, lcpMs: floorPage.median.lcpMs };
        notes.push(`Floor: a minimal Next ${machineInfo(pgVersion).next} page (bench/minimal-app, one <h1>, outside the product's layout) scored ${floor.performance} with LCP ${floor.lcpMs} ms, TBT ${floorPage.median.tbtMs} ms in this run.`);
        const pages = await runLighthouse(server.url, measured, runs, console.log, floor);
        const budgets = pages.flatMap((p) => p.budgets);
        // The peer (albm, a Next 15 photographer site) in the same run, when one is running (bench/peer/README.md).
        const peer = process.env.BENCH_PEER_URL?.trim() ? await measurePeer(process.env.BENCH_PEER_URL.trim(), pages, runs) : null;
        if (peer) {
          budgets.push(...peer.budgets);
          notes.push(peer.note);
        } else notes.push('Peer: not measured in this run (BENCH_PEER_URL not set; see bench/peer/README.md).');
        writeResult('lighthouse', { benchmark: 'Lighthouse (mobile)', machine: machineInfo(pgVersion), notes, budgets, data: { runs, floor: { ...floorPage, budgets: [] }, pages, ...(peer ? { peer: peer.pages } : {}) } });
        printBudgets('Lighthouse', budgets);
        allChecks.push(...budgets);
      }
      if (only.has('bytes') && minimal) {
        const notes = [...loadNote(), ...routeNotes];
        const [floorBytes] = await measureBytes(minimal.url, floorRoute);
        notes.push(`Floor: the minimal Next page loads ${floorBytes.jsGzipKb} KB of JavaScript (gzip -9) in ${floorBytes.jsFiles} files.`);
        const pages = await measureBytes(server.url, measured, console.log, floorBytes.jsGzipKb);
        const budgets = pages.flatMap((p) => p.budgets);
        writeResult('bytes', { benchmark: 'Bytes (phone, first load)', machine: machineInfo(pgVersion), notes, budgets, data: { floor: { ...floorBytes, budgets: [] }, pages } });
        printBudgets('Bytes', budgets);
        allChecks.push(...budgets);
      }
      if (only.has('throughput')) {
        const notes = [
          ...loadNote(),
          ...routeNotes,
          'Pages from the render cache are compared with a plain node:http server sending the same HTML bytes; `/bench-minimal` is the cheapest page rendered per request (same root layout, proxy and CSP nonce), the reference for per-request pages.',
        ];
        const t = await measureThroughput(server, measured, { duration, cachedPaths: measured.map((r) => r.path) });
        writeResult('throughput', { benchmark: 'Server throughput', machine: machineInfo(pgVersion), notes, budgets: t.budgets, data: t });
        printBudgets('Throughput', t.budgets);
        allChecks.push(...t.budgets);
        const memBudgets = [
          budget('server RSS idle after first start (PGlite initdb)', firstStartIdleMb, '<=', 300, ' MB'),
          budget('server RSS idle (restart on existing data dir)', t.memory.idleMb, '<=', 300, ' MB'),
          budget('server RSS under throughput load (peak)', t.memory.underLoadPeakMb, '<=', 300, ' MB'),
        ];
        const pgMemory: Record<string, number> = {};
        if (pgVersion) {
          // The same server with DATABASE_URL (no embedded PGlite in the process): what a scaled deployment uses.
          const pg = await freshPostgresDatabase('benchmem');
          const pgServer = await startServer({ DATABASE_URL: pg.url });
          try {
            for (const r of measured) await fetch(pgServer.url + r.path).then((x) => x.text());
            await new Promise((r) => setTimeout(r, 2000));
            pgMemory['PostgreSQL mode: idle'] = treeRssMb(pgServer.proc.pid!);
            const sampler = sampleRss(pgServer.proc.pid!);
            await runCannon({ url: pgServer.url + '/', connections: 50, duration });
            const samples = sampler.stop();
            pgMemory['PostgreSQL mode: under load on /, peak'] = Math.max(...samples);
            memBudgets.push(
              budget('server RSS idle (PostgreSQL mode)', pgMemory['PostgreSQL mode: idle'], '<=', 300, ' MB'),
              budget('server RSS under load (PostgreSQL mode, peak)', pgMemory['PostgreSQL mode: under load on /, peak'], '<=', 300, ' MB'),
            );
          } finally {
            await pgServer.stop();
            await pg.drop();
          }
        }
        writeResult('memory', {
          benchmark: 'Memory (server process tree RSS, PGlite default)',
          machine: machineInfo(pgVersion),
          notes: [...loadNote(), 'VmRSS summed over the `next start` process tree from /proc, sampled every 250 ms during the throughput runs.'],
          budgets: memBudgets,
          data: {
            'idle after first start (PGlite initdb)': firstStartIdleMb,
            'idle after restart': t.memory.idleMb,
            'under load, median': t.memory.underLoadMedianMb,
            'under load, peak': t.memory.underLoadPeakMb,
            ...pgMemory,
          },
        });
        printBudgets('Memory', memBudgets);
        allChecks.push(...memBudgets);
      }
    } finally {
      await server.stop();
      await minimal?.stop();
    }
  }

  if (only.has('booking')) {
    const notes = loadNote();
    const paths: BookingPathResult[] = [];
    const adminLists: AdminListResult[] = [];
    const kinds: ('pglite' | 'postgres')[] = pgVersion ? ['pglite', 'postgres'] : ['pglite'];
    if (!pgVersion) notes.push('PostgreSQL was not reachable: the PostgreSQL booking path and admin list were not measured.');
    // A part that cannot run (e.g. the bookings domain missing from this tree) is reported as a failed budget.
    const missing: BudgetCheck[] = [];
    for (const kind of kinds) {
      try {
        paths.push(await measureBookingPath(kind, { duration }));
      } catch (err) {
        notes.push(`Booking path on ${kind} not measured: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
        missing.push(budget(`${kind}: booking path measured`, 0, '==', 1));
      }
    }
    for (const kind of kinds) {
      try {
        adminLists.push(adminList(kind));
      } catch (err) {
        notes.push(`Admin list on ${kind} not measured: ${err instanceof Error ? err.message.split('\n').slice(0, 3).join(' ') : String(err)}`);
        missing.push(budget(`${kind}: admin list measured`, 0, '==', 1));
      }
    }
    const budgets = [...paths.flatMap((p) => p.budgets), ...adminLists.flatMap((a) => a.budgets), ...missing];
    writeResult('booking', { benchmark: 'Booking path and admin list', machine: machineInfo(pgVersion), notes, budgets, data: { paths, adminList: adminLists } });
    printBudgets('Booking', budgets);
    allChecks.push(...budgets);
  }

  // Opt-in parts (minutes of disk work each), run as their own scripts; each writes its result file.
  const scripts: [string, string, string[]][] = [
    ['gallery-zip', 'gallery-zip', ['--conditions=react-server', 'bench/gallery-zip.ts']],
    ['gallery-zip', 'gallery-zip-http', ['--conditions=react-server', 'bench/gallery-zip-http.ts']],
    ['backup', 'backup', ['bench/backup.ts']],
    ['gallery-page', 'gallery-page', ['--conditions=react-server', 'bench/gallery-page.ts']],
  ];
  for (const [part, result, argv] of scripts) {
    if (!only.has(part)) continue;
    const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), argv, { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) allChecks.push(budget(`${result}: measured`, 0, '==', 1));
    else allChecks.push(...readResults().filter((x) => x.name === result).flatMap((x) => x.file.budgets));
  }

  console.log(`\nSummary: ${writeSummary()}`);
  const failed = allChecks.filter((c) => !c.pass);
  console.log(`${allChecks.length - failed.length}/${allChecks.length} budgets met.`);
  // `npm run bench` records; it does not fail on a missed budget (that is bench:ci's job).
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
