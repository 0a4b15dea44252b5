import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export interface MachineInfo {
  date: string;
  cpuModel: string;
  cores: number;
  ramGb: number;
  loadAverage: number[];
  os: string;
  node: string;
  next: string;
  react: string;
  lighthouse: string;
  autocannon: string;
  chromium: string;
  postgres: string | null;
  /** The measured source tree: commit, and whether it had uncommitted changes. */
  commit: string;
}

function pkgVersion(name: string): string {
  try {
    const file = path.join(root, 'node_modules', name, 'package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function gitCommit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'content', 'public', 'next.config.ts', 'package.json'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** Recorded with every result: numbers from a 2-core shared box mean little without the box. */
export function machineInfo(postgresVersion: string | null = null): MachineInfo {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    next: pkgVersion('next'),
    react: pkgVersion('react'),
    lighthouse: pkgVersion('lighthouse'),
    autocannon: pkgVersion('autocannon'),
    chromium: chromiumVersion(),
    postgres: postgresVersion,
    commit: gitCommit(),
  };
}
