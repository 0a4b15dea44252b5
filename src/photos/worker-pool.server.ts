import 'server-only';
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { log } from '@/platform/log';

/**
 * Supervises the photo worker process (worker/process-photos.mjs): started on the first job, restarted for the next
 * job whenever it exits or is killed, and killed when a job runs past its deadline. Jobs in flight when it dies are
 * rejected with WorkerCrashed (the queue counts that attempt). The worker runs at a lower CPU priority (nice 10), so
 * pages are served first on a busy box.
 */

export interface WorkerJob {
  /** A local copy of the original. */
  input: string;
  /** An empty folder the worker writes its files into. */
  outDir: string;
  /**
   * What to make: `delivery` — the couple's downloads and grid (download, web.jpg, medium/small.webp); `public` — the
   * studio's public variants ({width}.{avif|webp|jpg} per width in `widths`).
   */
  profile: 'delivery' | 'public';
}

export type WorkerResult =
  | { ok: true; width: number; height: number; blurDataUrl: string; webBytes: number | null; downloadBytes: number | null; webCrc32: number | null; downloadCrc32: number | null; widths: number[] }
  | { ok: false; refused: boolean; error: string };

export class WorkerCrashed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerCrashed';
  }
}

export interface PhotoWorker {
  run(job: WorkerJob): Promise<WorkerResult>;
  /** The current worker process id (undefined when none runs). */
  readonly pid: number | undefined;
  /** How many worker processes were started so far. */
  readonly starts: number;
  close(): Promise<void>;
}

export const WORKER_SCRIPT = path.join(process.cwd(), 'src', 'photos', 'worker', 'process-photos.mjs');
const NICE = 10;

interface Pending {
  resolve: (r: WorkerResult) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export function createPhotoWorker(opts: { script?: string; jobTimeoutMs?: number } = {}): PhotoWorker {
  const script = opts.script ?? WORKER_SCRIPT;
  const timeoutMs = opts.jobTimeoutMs ?? 5 * 60_000;
  let child: ChildProcess | undefined;
  let starts = 0;
  let nextJob = 0;
  const pending = new Map<number, Pending>();

  const failAll = (why: string) => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.reject(new WorkerCrashed(why));
      pending.delete(id);
    }
  };

  const ensure = (): ChildProcess => {
    if (child && child.exitCode === null && child.signalCode === null && child.connected) return child;
    // spawn with an IPC channel is fork() without its build-time trap: Turbopack resolves fork()'s path as a module
    // request and fails the build (vercel/next.js#97952); spawn's path is traced as a file.
    const c = spawn(process.execPath, [script], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, MALLOC_ARENA_MAX: '2' },
      serialization: 'json',
    });
    starts++;
    child = c;
    if (c.pid) {
      try {
        os.setPriority(c.pid, NICE);
      } catch {
        /* not permitted here: it runs at normal priority */
      }
    }
    c.on('message', (msg: unknown) => {
      const m = msg as { jobId?: unknown } & Record<string, unknown>;
      if (typeof m.jobId !== 'number') return;
      const p = pending.get(m.jobId);
      if (!p) return;
      pending.delete(m.jobId);
      clearTimeout(p.timer);
      if (m.ok === true) {
        const size = (v: unknown) => (typeof v === 'number' ? v : null);
        const widths = Array.isArray(m.widths) ? m.widths.filter((w): w is number => typeof w === 'number') : [];
        p.resolve({
          ok: true,
          width: Number(m.width),
          height: Number(m.height),
          blurDataUrl: String(m.blurDataUrl),
          webBytes: size(m.webBytes),
          downloadBytes: size(m.downloadBytes),
          webCrc32: size(m.webCrc32),
          downloadCrc32: size(m.downloadCrc32),
          widths,
        });
      } else {
        p.resolve({ ok: false, refused: m.refused === true, error: String(m.error ?? 'Fotografii se nepodařilo zpracovat.') });
      }
    });
    c.on('exit', (code, signal) => {
      if (child === c) child = undefined;
      if (pending.size) log.warn('photos: the worker process ended with jobs in flight; it is started again for the next job', { code, signal });
      failAll(`photo worker exited (${signal ?? code})`);
    });
    c.on('error', (err) => log.warn('photos: worker process error', { err }));
    return c;
  };

  return {
    get pid() {
      return child?.pid;
    },
    get starts() {
      return starts;
    },
    run(job) {
      return new Promise<WorkerResult>((resolve, reject) => {
        const c = ensure();
        const jobId = ++nextJob;
        const timer = setTimeout(() => {
          log.warn('photos: a job ran past its deadline; the worker is killed', { jobId, timeoutMs });
          c.kill('SIGKILL');
        }, timeoutMs);
        pending.set(jobId, { resolve, reject, timer });
        c.send({ jobId, ...job }, (err) => {
          if (err && pending.delete(jobId)) {
            clearTimeout(timer);
            reject(new WorkerCrashed(`sending to the photo worker failed: ${err.message}`));
          }
        });
      });
    },
    async close() {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGTERM');
      });
    },
  };
}
