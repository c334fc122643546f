/**
 * A setup file (vitest.config.ts): this worker's own PostgreSQL and Redis databases
 * (worker-databases.ts), set before the test file reads DATABASE_URL, MIGRATION_DATABASE_URL and
 * REDIS_URL.
 */
import { inject } from 'vitest';

const env = inject('workerEnvs')?.[Number(process.env.VITEST_POOL_ID ?? 1) - 1];
if (env) {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}
