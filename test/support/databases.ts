/**
 * Fresh, empty databases for tests that need one of their own (migrations, locking): an in-memory
 * PGlite, or a new database on the PostgreSQL server of DATABASE_URL, dropped afterwards.
 *
 * With two roles (CI: DATABASE_URL is the service's role, MIGRATION_DATABASE_URL the owner's, see
 * docs/deploy.md) the owner creates and drops the scratch databases and owns them; the service's
 * URL reaches them with DATABASE_URL's credentials. With DATABASE_URL alone that one role does all.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite } from '../../src/adapters/database/pglite.js';
import { openPostgres } from '../../src/adapters/database/postgres.js';
import type { DatabaseHandle } from '../../src/ports/database.js';

export interface ScratchDatabase {
  name: string;
  /** Its PostgreSQL URL as the service's role (DATABASE_URL); absent for PGlite. */
  url?: string;
  /** Its PostgreSQL URL as the owner (MIGRATION_DATABASE_URL), when the suite runs with two roles. */
  ownerUrl?: string;
  /** The variables a process on this database gets: DATABASE_URL, and MIGRATION_DATABASE_URL with two roles. */
  env: Record<string, string>;
  /** Opens a new handle (a new pool: another "process") on the same database, as its owner: it may migrate. */
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

export function scratchDatabaseKinds(): ('pglite' | 'postgres')[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** `url` with the database name of `database`. */
function onDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = new URL(database).pathname;
  return u.toString();
}

/** The owner's URL of the database at `serviceUrl` (the suite's MIGRATION_DATABASE_URL's role on it); undefined with one role. */
export function ownerUrlFor(serviceUrl: string): string | undefined {
  const owner = process.env.MIGRATION_DATABASE_URL;
  return owner ? onDatabase(owner, serviceUrl) : undefined;
}

/** The variables of a process on the database at `serviceUrl`: its DATABASE_URL and, with two roles, its MIGRATION_DATABASE_URL. */
export function databaseEnv(serviceUrl: string): Record<string, string> {
  const owner = ownerUrlFor(serviceUrl);
  return { DATABASE_URL: serviceUrl, ...(owner ? { MIGRATION_DATABASE_URL: owner } : {}) };
}

export async function scratchDatabase(kind: 'pglite' | 'postgres'): Promise<ScratchDatabase> {
  if (kind === 'pglite') {
    const handle = await openPglite('memory://');
    return { name: 'pglite', env: {}, open: async () => handle, drop: () => handle.close() };
  }
  const admin = process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL!;
  const name = `fds_scratch_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const named = new URL(admin);
  named.pathname = `/${name}`;
  const url = onDatabase(process.env.DATABASE_URL!, named.toString());
  const ownerUrl = ownerUrlFor(url);
  const handles: DatabaseHandle[] = [];
  return {
    name,
    url,
    ownerUrl,
    env: databaseEnv(url),
    open: async () => {
      const handle = openPostgres(ownerUrl ?? url);
      handles.push(handle);
      return handle;
    },
    drop: async () => {
      for (const h of handles) await h.close();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      try {
        // The service role's pools end their connections asynchronously, and the owner role may not
        // end another role's sessions (FORCE needs pg_signal_backend): wait until they are gone.
        const open = async () => (await c.query<{ usename: string; state: string | null; query: string }>('select usename, state, left(query, 80) as query from pg_stat_activity where datname = $1', [name])).rows;
        for (let waited = 0; waited < 10_000 && (await open()).length > 0; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
        const still = await open();
        if (still.length > 0) throw new Error(`scratch database ${name} still has ${still.length} connection(s) 10 s after its app closed: ${JSON.stringify(still)}`);
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
