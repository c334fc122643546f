/**
 * Forward-only SQL migrations (migrations/NNNN_name.sql), applied by `npm run migrate` or at start
 * (MIGRATE_ON_START, on by default).
 *
 * Invariants: each file runs once, in its own transaction, in version order; its SHA-256 is
 * recorded and an applied file whose checksum changed stops the start (an edited migration would
 * mean two databases with the same version and different schemas); the whole run holds a
 * PostgreSQL advisory lock so processes starting together apply each file exactly once. Any
 * failure throws: the caller exits non-zero.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { projectRoot } from '../../core/project-root.js';
import type { Database } from '../../ports/database.js';
import { MigrationError } from './migration-error.js';
import { grantServiceRole } from './service-grants.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export { MigrationError };

// An arbitrary constant that names "the migrator" among advisory locks.
const MIGRATION_LOCK_ID = 7_311_004_2;
const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export function migrationsDir(): string {
  return join(projectRoot(), 'migrations');
}

/** Reads the migration files; a badly named file or a duplicate version is an error, not skipped. */
export function loadMigrations(dir = migrationsDir()): Migration[] {
  const migrations = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((file) => {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`migration file name must look like 0001_name.sql: ${file}`);
      const text = readFileSync(join(dir, file), 'utf8');
      return {
        version: Number(match[1]),
        name: match[2] as string,
        sql: text,
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration versions must run 1, 2, 3…: found ${m.version} at position ${i + 1}`);
  });
  return migrations;
}

export interface MigrateOptions {
  /**
   * The role the service runs as, when it is not the one migrating: after the migrations it is
   * granted its rights again (service-grants.ts), so tables a migration added are covered.
   */
  serviceRole?: string;
  /** Create the service role if it is missing (the embedded database; a server's administrator makes it). */
  createServiceRole?: boolean;
}

/** Applies pending migrations, grants the service role its rights, and returns the schema version now in force. */
export async function migrate(db: Database, migrations = loadMigrations(), options: MigrateOptions = {}): Promise<number> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(conn);
    try {
      // Only when missing: the service role, which may not create tables, also runs this (with nothing pending).
      const exists = await sql<{ t: string | null }>`select to_regclass('schema_migrations')::text as t`.execute(conn);
      if (!exists.rows[0]?.t) {
        await sql`create table schema_migrations (
          version integer primary key, name text not null, checksum text not null, applied_at timestamptz not null)`.execute(conn);
      }
      const applied = await conn.selectFrom('schema_migrations').selectAll().orderBy('version').execute();
      for (const row of applied) {
        const file = migrations.find((m) => m.version === row.version);
        if (!file) throw new MigrationError(`database has migration ${row.version} (${row.name}) that this build does not know: refusing to run an older build`);
        if (file.checksum !== row.checksum) throw new MigrationError(`migration ${row.version} (${row.name}) was edited after it was applied: checksum differs`);
      }
      const done = new Set(applied.map((r) => r.version));
      for (const m of migrations.filter((x) => !done.has(x.version))) {
        await sql`begin`.execute(conn);
        try {
          await sql.raw(m.sql).execute(conn);
          await conn.insertInto('schema_migrations').values({ version: m.version, name: m.name, checksum: m.checksum, applied_at: new Date() }).execute();
          await sql`commit`.execute(conn);
        } catch (error) {
          await sql`rollback`.execute(conn);
          throw new MigrationError(`migration ${m.version} (${m.name}) failed: ${(error as Error).message}`, { cause: error });
        }
      }
      if (options.serviceRole) {
        await sql`begin`.execute(conn);
        try {
          await grantServiceRole(conn, options.serviceRole, { createRole: options.createServiceRole });
          await sql`commit`.execute(conn);
        } catch (error) {
          await sql`rollback`.execute(conn);
          if (error instanceof MigrationError) throw error;
          throw new MigrationError(`granting the service role ${options.serviceRole} its rights failed: ${(error as Error).message}`, { cause: error });
        }
      }
      return migrations.at(-1)?.version ?? 0;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(conn);
    }
  });
}

/** The highest applied version, for GET /v1/version; 0 on a database never migrated. */
export async function schemaVersion(db: Database): Promise<number> {
  const exists = await sql<{ t: string | null }>`select to_regclass('schema_migrations')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return 0;
  const row = await db.selectFrom('schema_migrations').select((eb) => eb.fn.max('version').as('v')).executeTakeFirst();
  return Number(row?.v ?? 0);
}

export class SchemaNotCurrentError extends MigrationError {
  override name = 'SchemaNotCurrentError';
}

/**
 * For a process that does not migrate (MIGRATE_ON_START=0): the schema must be exactly the one this
 * build was written for. Behind it, queries would fail one by one at run time; ahead of it, an older
 * build would write rows a newer schema does not expect. Either way the start stops, naming the fix.
 */
export async function checkSchemaCurrent(db: Database, migrations = loadMigrations()): Promise<number> {
  const expected = migrations.at(-1)?.version ?? 0;
  const actual = await schemaVersion(db);
  if (actual < expected) throw new SchemaNotCurrentError(`the database schema is at version ${actual} and this build needs ${expected}: run \`npm run migrate\` first (or start with MIGRATE_ON_START=1)`);
  if (actual > expected) throw new SchemaNotCurrentError(`the database schema is at version ${actual}, newer than this build knows (${expected}): refusing to run an older build`);
  return actual;
}
