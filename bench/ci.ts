/**
 * `npm run bench:ci`: a short budget check for CI (≈ 2 minutes): one Lighthouse run on two pages and the bytes of
 * every content page. Exits non-zero when any budget is broken. Results go to bench/results/ci-*.json (not part of
 * the recorded summary).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { printBudgets } from './lib/budgets';
import { machineInfo, root } from './lib/machine';
import { writeResult } from './lib/results';
import { benchRoutes, reachableRoutes, startServer } from './lib/server';
import { runLighthouse } from './lighthouse';
import { measureBytes } from './bytes';

async function main(): Promise<number> {
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
  const server = await startServer();
  try {
    const { ok: routes, missing } = await reachableRoutes(server.url, await benchRoutes(server.url));
    if (missing.length) console.log(`Not measured (missing): ${missing.join(', ')}`);
    const lhRoutes = routes.filter((r) => r.name === 'home' || r.name === 'wedding').slice(0, 2);
    const lh = await runLighthouse(server.url, lhRoutes.length === 2 ? lhRoutes : routes.slice(0, 2), 1);
    const bytes = await measureBytes(server.url, routes.filter((r) => r.name !== 'booking'));
    const budgets = [...lh.flatMap((p) => p.budgets), ...bytes.flatMap((p) => p.budgets)];
    writeResult('ci-budgets', { benchmark: 'CI budget check', machine: machineInfo(), notes: ['One Lighthouse run per page (no median): a noisy single sample.'], budgets, data: { lighthouse: lh, bytes } });
    printBudgets('CI budgets', budgets);
    const failed = budgets.filter((b) => !b.pass);
    console.log(failed.length ? `\n${failed.length} budget(s) broken.` : '\nAll budgets met.');
    return failed.length ? 1 : 0;
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
