/**
 * `npm start`'s build step holds a per-folder lock (scripts/build-lock.mjs): two starts on one folder never build
 * into the same `.next` at once. Real processes: each holder takes the lock, reports it, and keeps it until told to
 * release (or is killed, as a killed build would be).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const lockModule = path.resolve(import.meta.dirname, '../../scripts/build-lock.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-lock-'));
const lockFile = path.join(dir, '.next-build.lock');
const started: ChildProcessWithoutNullStreams[] = [];

afterAll(() => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Holder {
  proc: ChildProcessWithoutNullStreams;
  /** Resolves with the first line equal to `line` on the holder's stdout. */
  said: (line: string) => Promise<void>;
  lines: string[];
}

/** A process that takes the lock, says "acquired", and releases it when it reads a line on stdin. */
function holder(): Holder {
  const script = `
    import { acquireBuildLock } from ${JSON.stringify(lockModule)};
    const release = await acquireBuildLock(${JSON.stringify(lockFile)}, { pollMs: 20, onWait: () => console.log('waiting') });
    console.log('acquired');
    process.stdin.once('data', () => { release(); console.log('released'); process.exit(0); });
  `;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', script]);
  started.push(proc);
  const lines: string[] = [];
  const waiters: { line: string; resolve: () => void }[] = [];
  let buffer = '';
  proc.stdout.on('data', (d: Buffer) => {
    buffer += d.toString();
    let i;
    while ((i = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      lines.push(line);
      for (const w of waiters.filter((x) => x.line === line)) w.resolve();
    }
  });
  const said = (line: string) =>
    new Promise<void>((resolve, reject) => {
      if (lines.includes(line)) return resolve();
      waiters.push({ line, resolve });
      proc.once('exit', (code) => (lines.includes(line) ? resolve() : reject(new Error(`holder exited (${code}) before saying "${line}": ${lines.join(' | ')}`))));
    });
  return { proc, said, lines };
}

describe('build lock', () => {
  it('a second start waits while the first builds, and goes on once the first is done', async () => {
    const first = holder();
    await first.said('acquired');
    const second = holder();
    await second.said('waiting');
    expect(second.lines).not.toContain('acquired');
    first.proc.stdin.write('done\n');
    await first.said('released');
    await second.said('acquired');
    second.proc.stdin.write('done\n');
    await second.said('released');
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('takes over the lock of a start that was killed mid-build', async () => {
    const killed = holder();
    await killed.said('acquired');
    killed.proc.kill('SIGKILL');
    await new Promise<void>((r) => (killed.proc.exitCode !== null || killed.proc.signalCode !== null ? r() : killed.proc.once('exit', () => r())));
    expect(fs.existsSync(lockFile)).toBe(true);
    const next = holder();
    await next.said('acquired');
    next.proc.stdin.write('done\n');
    await next.said('released');
  });
});
