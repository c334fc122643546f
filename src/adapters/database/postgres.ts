/** PostgreSQL through `pg`, the production database adapter. */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../ports/database.js';
import { pgPoolUse } from './pool-use.js';
import { preparingClient } from './prepared-statements-client.js';
import type { DB } from './schema.js';

/** Statements kept prepared per connection (./prepared-statements-client.ts): more than the texts a process sends often. */
const PREPARED_STATEMENTS = 128;

/** Opens a pool on `url`; connection failures surface on first use, as `service_unavailable`. */
export function openPostgres(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    Client: preparingClient(PREPARED_STATEMENTS),
    connectionString: url,
    max: options.poolSize ?? 10,
    // A dead server must fail a request quickly rather than hang it (DESIGN: 503 service_unavailable).
    connectionTimeoutMillis: 3000,
  });
  // An idle client losing its server emits 'error' on the pool; without a listener that kills the process.
  pool.on('error', () => undefined);
  // No JIT compilation: our statements are short OLTP ones, and the planner's cost guesses (a
  // lateral scan per webhook endpoint, say) pass jit_above_cost long before the work does; the
  // webhook claim then spent ~40 of its ~50 ms compiling (bench/webhook-delivery.bench.ts). Set
  // per connection, so a server's own setting for other clients stays as it is.
  pool.on('connect', (client) => {
    client.query('set jit = off').catch(() => undefined);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    poolUse: () => pgPoolUse(pool),
    close: () => db.destroy(),
  };
}
