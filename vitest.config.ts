import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // A worker process runs file after file with the modules it has loaded: a test file's fixed cost
    // was mostly importing the service again (seconds of CPU each, two thirds of a small route
    // test file's). Files stay apart by what they build: each its own app, PGlite or PostgreSQL
    // database, Redis database and tenants; none mocks modules or changes process-wide state.
    isolate: false,
    // Every core runs test files: each worker has its own databases (PGlite per app; on PostgreSQL and
    // Redis its own database each, test/support/worker-databases.ts), so files never cross.
    maxWorkers: availableParallelism(),
    // One migrated embedded database per run, which a worker's test apps load and put back for its
    // next app (test/support/migrated-pglite.ts), and the workers' own PostgreSQL and Redis
    // databases (set in each worker by worker-env.ts).
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/worker-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Real servers start per file (PGlite, s3rver); keep output readable on failures.
    reporters: ['default'],
  },
});
