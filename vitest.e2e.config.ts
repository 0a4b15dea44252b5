import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@tests': path.resolve(import.meta.dirname, 'tests'), '@': path.resolve(import.meta.dirname, 'src'), 'server-only': path.resolve(import.meta.dirname, 'tests/server-only-stub.ts') } },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    // One migrated database that each new data folder starts from (tests/e2e/global-setup.ts).
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60000,
    hookTimeout: 120000,
    // A poll waits for a page to settle (a server action's round trip, a re-render): on a loaded 2-core CI box that
    // can take longer than vitest's default 1 s. Waiting longer never makes a broken feature pass.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    pool: 'forks',
    // Each file starts its own server(s) on free ports with its own DATA_DIR; two at a time on 2 cores.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
