import type pg from 'pg';
import type { PoolUse } from '../../ports/database.js';

/** The use of the node-postgres pool both database adapters sit behind (PGlite's has one connection). */
export function pgPoolUse(pool: pg.Pool): PoolUse {
  return { active: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}
