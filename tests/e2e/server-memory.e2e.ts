/**
 * The server's memory settings on its real start paths (docs/decisions/051-server-memory.md):
 * - `npm start` starts `server.mjs` with MALLOC_ARENA_MAX=2 (glibc's malloc arenas; only the environment a process
 *   starts with can set it) unless the environment already has a value, and the e2e harness starts the server
 *   with the same environment, so the tests and the bench run what production runs;
 * - `server.mjs` runs Next with the configuration resolved at build time, so Next never loads its SWC compiler
 *   into the server (it did to evaluate next.config.ts: ~30–40 MB of RSS kept for the process's life), while the
 *   configuration still works: redirects, the render cache handler with its per-page policy, the image optimiser.
 *   (The run-time Contentful image space is covered in security-misc.e2e.ts.)
 * Memory itself is measured in the bench (bench/throughput.ts), never asserted here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type RunningServer } from './harness';

const root = path.resolve(import.meta.dirname, '../..');
const nodeBinary = fs.realpathSync(process.execPath);

/** Every descendant pid of `pid`. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* ended while scanning */
    }
  }
  const out: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length) {
    const p = queue.shift()!;
    out.push(p);
    queue.push(...(children.get(p) ?? []));
  }
  return out;
}

function environOf(pid: number): Map<string, string> {
  const vars = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return new Map(vars.map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]));
}

/** Files the process has mapped (code and data of every loaded library and native module). */
function mappedFiles(pid: number): string[] {
  const files = new Set<string>();
  for (const line of fs.readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n')) {
    const file = line.split(/\s+/)[5];
    if (file?.startsWith('/')) files.add(file);
  }
  return [...files];
}

interface NpmStarted {
  url: string;
  npm: ChildProcess;
  /** The `node server.mjs` process npm started (through its script shell). */
  serverPid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** Runs `npm start` exactly as a deployment does, on a free port with its own data folder. */
async function npmStart(extraEnv: Record<string, string>): Promise<NpmStarted> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-npm-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...extraEnv,
  };
  if (!('MALLOC_ARENA_MAX' in extraEnv)) delete env.MALLOC_ARENA_MAX;
  let out = '';
  const npm = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  npm.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  npm.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  let serverPid: number | undefined;
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}):\n${out}`);
      const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`npm start did not answer in time:\n${out}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    serverPid = descendants(npm.pid!).find((p) => {
      try {
        // The first Node process below npm (not its script shell); server.mjs renames its process title, so the
        // executable, not the command line, identifies it.
        return fs.readlinkSync(`/proc/${p}/exe`) === nodeBinary;
      } catch {
        return false;
      }
    });
    if (serverPid === undefined) throw new Error(`no server.mjs process under npm start:\n${out}`);
  } catch (err) {
    // Nothing may outlive a failed start: end everything this npm started, then npm itself.
    for (const p of descendants(npm.pid!).reverse()) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    npm.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const pid = serverPid;
  return {
    url,
    npm,
    serverPid: pid,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (npm.exitCode !== null || npm.signalCode !== null) return done();
        const t = setTimeout(() => npm.kill('SIGKILL'), 15_000);
        npm.once('exit', () => {
          clearTimeout(t);
          done();
        });
        // The server shuts down gracefully on SIGTERM; npm then exits with it.
        process.kill(pid, 'SIGTERM');
      }),
  };
}

describe('npm start', () => {
  let plain: NpmStarted;
  let preset: NpmStarted;
  beforeAll(async () => {
    const [a, b] = await Promise.allSettled([npmStart({}), npmStart({ MALLOC_ARENA_MAX: '4' })]);
    // Kept even when the other failed, so afterAll stops it.
    if (a.status === 'fulfilled') plain = a.value;
    if (b.status === 'fulfilled') preset = b.value;
    if (a.status === 'rejected') throw a.reason;
    if (b.status === 'rejected') throw b.reason;
  }, 180_000);
  afterAll(async () => {
    await Promise.all([plain?.stop(), preset?.stop()]);
  });

  it('starts server.mjs with MALLOC_ARENA_MAX=2, and keeps a value the environment already has', async () => {
    expect((await fetch(plain.url)).status).toBe(200);
    expect(environOf(plain.serverPid).get('MALLOC_ARENA_MAX')).toBe('2');
    expect((await fetch(preset.url)).status).toBe(200);
    expect(environOf(preset.serverPid).get('MALLOC_ARENA_MAX')).toBe('4');
  });

  it('does not load the SWC compiler into the server', async () => {
    await fetch(`${plain.url}/portfolio`).then((r) => r.text());
    const files = mappedFiles(plain.serverPid);
    // The check is meaningful: the process has Node's own native modules mapped…
    expect(files.some((f) => f.endsWith('.node'))).toBe(true);
    // …but not Next's compiler.
    expect(files.filter((f) => /next-swc|@next[/\\]swc/.test(f))).toEqual([]);
  });
});

describe('server.mjs with the configuration from the build', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('starts with the same allocator setting as npm start', () => {
    expect(environOf(server.proc.pid!).get('MALLOC_ARENA_MAX')).toBe(process.env.MALLOC_ARENA_MAX ?? '2');
  });

  it('applies next.config.ts (redirects, render cache with per-page policy, images) without loading SWC', async () => {
    const redirect = await fetch(`${server.url}/about`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/omne');

    // The custom cache handler (next.config.ts `cacheHandler`): the second answer is a cache hit carrying the
    // page's own hash policy.
    await fetch(`${server.url}/portfolio`).then((r) => r.text());
    const hit = await fetch(`${server.url}/portfolio`);
    await hit.text();
    expect(hit.headers.get('x-nextjs-cache')).toBe('HIT');
    expect(hit.headers.get('content-security-policy')).toMatch(/script-src[^;]*'sha256-/);
    expect(hit.headers.get('x-powered-by')).toBeNull();

    // The image optimiser with the configured formats (AVIF first) and local patterns.
    const img = await fetch(`${server.url}/_next/image?url=${encodeURIComponent('/api/placeholder/tereza-jakub-1/1200x900.jpg')}&w=390&q=75`, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/avif');
    expect((await fetch(`${server.url}/_next/image?url=${encodeURIComponent('/elsewhere/x.jpg')}&w=390&q=75`)).status).toBe(400);

    const files = mappedFiles(server.proc.pid!);
    expect(files.some((f) => f.includes('sharp'))).toBe(true);
    expect(files.filter((f) => /next-swc|@next[/\\]swc/.test(f))).toEqual([]);
  });
});
