import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Paths start with ./: knip (npm run lint:unused) takes a bare `src/…` for a package name and misses the file.
    globalSetup: ['./src/server/test/global-setup.ts'],
    setupFiles: ['./src/server/test/fail-on-console-error.ts'],
    pool: 'forks',
    // Two cores: one test file per core.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
