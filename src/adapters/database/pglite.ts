/**
 * PGlite, the embedded database: Postgres compiled to WASM, files under DATA_DIR, run in a thread
 * of its own (./pglite-wire.ts) so that its statements never hold the event loop.
 * It has one backend session, so it sits behind a node-postgres pool of size one: Kysely then
 * serialises transactions instead of interleaving them on the shared session (DESIGN pitfalls).
 */
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../ports/database.js';
import { PgliteThread } from './pglite-wire.js';
import { pgPoolUse } from './pool-use.js';
import { preparingClient } from './prepared-statements-client.js';
import type { DB } from './schema.js';

const PGLITE_SUPERUSER = 'postgres';
/** Statements kept prepared in the one session; a text used less often than 256 others is prepared again when it returns. */
const PREPARED_STATEMENTS = 256;

/**
 * Opens (creating if needed) the PGlite database in `dataDir`, or in memory with `memory://`, in
 * its own thread; `from` starts it from a dump of another (PGlite's `dumpDataDir`) instead of an
 * empty cluster.
 */
export async function openPglite(dataDir: string, from?: Uint8Array<ArrayBuffer>): Promise<DatabaseHandle> {
  const thread = await PgliteThread.start({ dataDir, ...(from ? { from } : {}) });
  return pgliteThreadHandle(thread, () => thread.close());
}

/**
 * The handle over a PGlite in its own thread; closing it ends the handle's connection, then calls
 * `release` (which closes the database, or keeps it for another handle: the test suite's).
 */
export function pgliteThreadHandle(thread: PgliteThread, release: () => Promise<void>): DatabaseHandle {
  // `pg` starts each connection with a startup packet, which PGlite answers for the one session it has.
  // What every request waits for is that session: statements are prepared (./prepared-statements-client.ts).
  const pool = new pg.Pool({ Client: preparingClient(PREPARED_STATEMENTS), stream: () => thread.connection(), user: PGLITE_SUPERUSER, database: 'template1', ...ONE_SESSION });
  return handle(pool, release);
}

/**
 * The handle over a PGlite open in this thread; closing it closes the PGlite. For work that needs
 * PGlite's own API beside SQL (dumping a migrated database for the tests), where holding the event
 * loop does not matter.
 */
export function pgliteHandle(pglite: PGlite): DatabaseHandle {
  return handle(new pg.Pool({ ...createPgConfig(pglite), ...ONE_SESSION }), () => pglite.close());
}

// Never idle out the one client: the session's role (actAs) belongs to the session.
const ONE_SESSION = { max: 1, idleTimeoutMillis: 0 };

function handle(pool: pg.Pool, closeDatabase: () => Promise<void>): DatabaseHandle {
  // A connection failing while idle (the database's thread gone) emits 'error' on the pool; without
  // a listener that would end the process. The next statement fails with the reason instead.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    poolUse: () => pgPoolUse(pool),
    // PGlite's session was opened by its superuser, so it can take any role and come back.
    actAs: async (role) => {
      await sql`set session authorization ${role === null ? sql.id(PGLITE_SUPERUSER) : sql.id(role)}`.execute(db);
    },
    close: async () => {
      await db.destroy();
      await closeDatabase();
    },
  };
}
