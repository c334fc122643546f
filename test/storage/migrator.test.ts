/** Versioned SQL migrations: applied once, checksummed, under an advisory lock, failing loudly. */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrate, schemaVersion, type Migration } from '../../src/adapters/database/migrator.js';
import { scratchDatabase, scratchDatabaseKinds, type ScratchDatabase } from '../support/databases.js';

describe.each(scratchDatabaseKinds())('migrations on %s', (kind) => {
  let scratch: ScratchDatabase | undefined;
  afterEach(async () => {
    await scratch?.drop();
    scratch = undefined;
  });

  it('applies every migration once and records version and checksum', async () => {
    scratch = await scratchDatabase(kind);
    const { db } = await scratch.open();
    const files = loadMigrations();
    expect(await migrate(db)).toBe(files.at(-1)!.version);
    expect(await migrate(db)).toBe(files.at(-1)!.version);
    const rows = await db.selectFrom('schema_migrations').selectAll().execute();
    expect(rows.map((r) => [r.version, r.checksum])).toEqual(files.map((m) => [m.version, m.checksum]));
    expect(await schemaVersion(db)).toBe(files.at(-1)!.version);
  });

  it('refuses a migration edited after it was applied', async () => {
    scratch = await scratchDatabase(kind);
    const { db } = await scratch.open();
    await migrate(db);
    const edited = loadMigrations().map((m, i) => (i === 0 ? { ...m, sql: `${m.sql}\n-- edited`, checksum: 'different' } : m));
    await expect(migrate(db, edited)).rejects.toThrow(/edited after it was applied/);
  });

  it('a failing migration throws, names itself and leaves nothing half applied', async () => {
    scratch = await scratchDatabase(kind);
    const { db } = await scratch.open();
    const broken: Migration = { version: loadMigrations().length + 1, name: 'broken', sql: 'create table half (id int); select * from no_such_table;', checksum: 'x' };
    await expect(migrate(db, [...loadMigrations(), broken])).rejects.toThrow(/migration \d+ \(broken\) failed/);
    const half = await sql<{ t: string | null }>`select to_regclass('half')::text as t`.execute(db);
    expect(half.rows[0]!.t).toBeNull();
    expect(await schemaVersion(db)).toBe(loadMigrations().length);
  });

  it.runIf(kind === 'postgres')('processes starting together apply each migration exactly once', async () => {
    scratch = await scratchDatabase(kind);
    const handles = await Promise.all([scratch.open(), scratch.open(), scratch.open()]);
    const versions = await Promise.all(handles.map((h) => migrate(h.db)));
    expect(new Set(versions).size).toBe(1);
    const rows = await handles[0]!.db.selectFrom('schema_migrations').selectAll().execute();
    expect(rows).toHaveLength(loadMigrations().length);
  });
});
