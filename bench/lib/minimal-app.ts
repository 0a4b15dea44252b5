/**
 * The benchmarks' floor: a bare Next app (bench/minimal-app, one `<h1>`, no product layout, CSS or fonts) built
 * with the same Next and started with `next start`, so every page's Lighthouse score, LCP and first-load JS can be
 * compared with what the framework alone costs on the same machine in the same run.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../tests/e2e/harness';
import { root } from './machine';

export interface MinimalApp {
  url: string;
  proc: ChildProcess;
  stop: () => Promise<void>;
}

const dir = path.join(root, 'bench/minimal-app');
const nextBin = path.join(root, 'node_modules/next/dist/bin/next');

export async function startMinimalApp(log: (s: string) => void = console.log): Promise<MinimalApp> {
  log('Building the minimal Next app (bench/minimal-app)…');
  execFileSync(process.execPath, [nextBin, 'build', dir], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  const port = await freePort();
  const proc = spawn(process.execPath, [nextBin, 'start', dir, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`minimal app exited (${proc.exitCode})`);
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('minimal app did not start in time');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
