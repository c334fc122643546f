/**
 * PGlite, the embedded database: Postgres compiled to WASM, in-process, files under DATA_DIR.
 * It has one backend session, so it sits behind a node-postgres pool of size one: Kysely then
 * serialises transactions instead of interleaving them on the shared session (DESIGN pitfalls).
 */
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../ports/database.js';
import { pgPoolUse } from './pool-use.js';
import type { DB } from './schema.js';

const PGLITE_SUPERUSER = 'postgres';

/**
 * Opens (creating if needed) the PGlite database in `dataDir`, or in memory with `memory://`;
 * `from` starts it from a dump of another (PGlite's `dumpDataDir`) instead of an empty cluster.
 */
export async function openPglite(dataDir: string, from?: Blob): Promise<DatabaseHandle> {
  return pgliteHandle(await PGlite.create(dataDir, from ? { loadDataDir: from } : {}));
}

/** The handle over an open PGlite; closing it closes the PGlite. */
export function pgliteHandle(pglite: PGlite): DatabaseHandle {
  // Never idle out the one client: the session's role (actAs) belongs to the session.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
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
      await pglite.close();
    },
  };
}
