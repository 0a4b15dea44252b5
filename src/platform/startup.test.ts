import { afterEach, describe, expect, it, vi } from 'vitest';
import { once, runStartupSteps, StartupError, type StartupStep } from './startup.server';

afterEach(() => vi.restoreAllMocks());

describe('start-up sequence', () => {
  it('runs the steps in order', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const order: string[] = [];
    const step = (name: string): StartupStep => ({ name, run: async () => void order.push(name) });
    await runStartupSteps(['configuration', 'database', 'content source', 'account client', 'mail', 'storage', 'analytics'].map(step));
    expect(order).toEqual(['configuration', 'database', 'content source', 'account client', 'mail', 'storage', 'analytics']);
  });

  it('stops at a failing step, logs its name and re-throws', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const ran: string[] = [];
    const err = await runStartupSteps([
      { name: 'configuration', run: async () => void ran.push('configuration') },
      { name: 'database', run: async () => Promise.reject(new Error('connection refused')) },
      { name: 'mail', run: async () => void ran.push('mail') },
    ]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as StartupError).step).toBe('database');
    expect((err as Error).message).toBe('Spuštění selhalo v kroku "database": connection refused');
    expect(ran).toEqual(['configuration']);
    const logged = stderr.mock.calls.map((c) => String(c[0])).join('');
    expect(JSON.parse(logged.trim())).toMatchObject({ level: 'error', step: 'database', msg: 'Start-up failed at step "database"' });
  });

  it('initialises exactly once under concurrent first requests', async () => {
    let runs = 0;
    const init = once(async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 20));
      return { ready: true };
    });
    const results = await Promise.all(Array.from({ length: 10 }, () => init()));
    expect(runs).toBe(1);
    expect(new Set(results).size).toBe(1);
  });
});
