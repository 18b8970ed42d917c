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
    // A worker keeps its modules from one test file to the next instead of importing the server again for each: every
    // file builds its own app and database, so nothing a test relies on is shared. Measured on the 2-core machine,
    // the suite on PostgreSQL: import 294 s → 31 s of worker time, the run 652 s → 194 s (with the embedded-only files
    // skipped there).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
