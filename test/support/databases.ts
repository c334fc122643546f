/**
 * Fresh, empty databases for tests that need one of their own (migrations, locking): an in-memory
 * PGlite, or a new database on the PostgreSQL server of DATABASE_URL, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite } from '../../src/adapters/database/pglite.js';
import { openPostgres } from '../../src/adapters/database/postgres.js';
import type { DatabaseHandle } from '../../src/ports/database.js';

export interface ScratchDatabase {
  name: string;
  /** Its PostgreSQL URL; absent for PGlite. */
  url?: string;
  /** Opens a new handle (a new pool: another "process") on the same database. */
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

export function scratchDatabaseKinds(): ('pglite' | 'postgres')[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function scratchDatabase(kind: 'pglite' | 'postgres'): Promise<ScratchDatabase> {
  if (kind === 'pglite') {
    const handle = await openPglite('memory://');
    return { name: 'pglite', open: async () => handle, drop: () => handle.close() };
  }
  const admin = new URL(process.env.DATABASE_URL!);
  const name = `fds_scratch_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  return {
    name,
    url: url.toString(),
    open: async () => {
      const handle = openPostgres(url.toString());
      handles.push(handle);
      return handle;
    },
    drop: async () => {
      for (const h of handles) await h.close();
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
