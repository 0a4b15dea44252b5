import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Result } from 'autocannon';
import { root } from './machine';

export interface CannonResult extends Result {
  statusCounts: Record<string, number>;
}

/** Runs autocannon in a second process and returns its parsed result. */
export function runCannon(opts: { url: string; mode?: 'get' | 'inquiry'; connections?: number; duration?: number }): Promise<CannonResult> {
  const args = JSON.stringify({ mode: 'get', connections: 50, duration: 10, ...opts });
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'bench/lib/cannon.ts'), args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`autocannon exited ${code}: ${err}`));
      resolve(JSON.parse(line) as CannonResult);
    });
  });
}
