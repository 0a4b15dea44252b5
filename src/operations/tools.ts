import { spawn } from 'node:child_process';

/**
 * Runs an external tool (GNU tar, restic) and collects its output. A missing tool or a non-zero exit becomes an
 * error with the tool's own last words, prefixed by what we were doing (in Czech: the photographer reads it).
 */
export function runTool(
  cmd: string,
  args: string[],
  what: string,
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-1_000_000)));
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8000)));
    child.once('error', (err) => reject(new Error(`${what}: program ${cmd} nelze spustit (${err.message})`)));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      // "Krok" carries the grammatical gender, whatever the step's own noun is (záloha, zápis, odebrání…).
      else reject(new Error(`Krok „${what}“ se nepodařil (${cmd} ${signal ? `ukončen signálem ${signal}` : `kód ${code}`}): ${stderr.trim().slice(-2000)}`));
    });
  });
}
