import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Every core runs test files: each worker has its own databases (PGlite per app; on PostgreSQL and
    // Redis its own database each, test/support/worker-databases.ts), so files never cross.
    maxWorkers: availableParallelism(),
    // One migrated embedded database per run, which every test app loads (test/support/migrated-pglite.ts),
    // and the workers' own PostgreSQL and Redis databases (set in each worker by worker-env.ts).
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/worker-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Real servers start per file (PGlite, s3rver); keep output readable on failures.
    reporters: ['default'],
  },
});
