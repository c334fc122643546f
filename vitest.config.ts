import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Real servers start per file (PGlite, s3rver); keep output readable on failures.
    reporters: ['default'],
  },
});
