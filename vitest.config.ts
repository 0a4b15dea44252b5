import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@tests': path.resolve(import.meta.dirname, 'tests'), '@': path.resolve(import.meta.dirname, 'src'), 'server-only': path.resolve(import.meta.dirname, 'tests/server-only-stub.ts') } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/integration/**/*.test.ts', 'tests/lint/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup-unit.ts'],
    globalSetup: ['tests/global-setup-pg.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
