import { defineConfig } from 'vitest/config';
import path from 'node:path';

/**
 * Reliability suite (`npm run test:reliability`): production servers killed, starved, flooded and fuzzed.
 * Files run one at a time — each one loads the 2-core machine on its own.
 */
export default defineConfig({
  resolve: { alias: { '@tests': path.resolve(import.meta.dirname, 'tests'), '@': path.resolve(import.meta.dirname, 'src'), 'server-only': path.resolve(import.meta.dirname, 'tests/server-only-stub.ts') } },
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/reliability/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
