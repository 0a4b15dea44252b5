import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@tests': path.resolve(import.meta.dirname, 'tests'), '@': path.resolve(import.meta.dirname, 'src'), 'server-only': path.resolve(import.meta.dirname, 'tests/server-only-stub.ts') } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/integration/**/*.test.ts', 'tests/lint/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup-unit.ts'],
    // PostgreSQL when installed; one migrated PGlite folder that createTestDb copies (tests/support/pglite-template.ts).
    globalSetup: ['tests/global-setup-pg.ts', 'tests/global-setup-pglite.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    // Two files at a time, as in the e2e suite: Vitest's default (cores − 1) runs them one by one on a 2-core machine,
    // and most of a file’s time here is waiting on a database, a child process or a socket (the suite took 479 s with one
    // worker and 246 s with two on the 2-core VM).
    maxWorkers: 2,
  },
});
