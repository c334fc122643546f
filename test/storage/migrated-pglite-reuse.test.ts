/**
 * The test apps' embedded database is put back as the migrations left it and kept for the next app
 * (test/support/migrated-pglite.ts): what one test file wrote, the role it took, the statements it
 * prepared and a transaction it left open must not reach the next file; a database whose catalog a
 * test changed is not kept.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadedMigratedPglites, openMigratedPglite } from '../support/migrated-pglite.js';

describe('the migrated embedded database, put back after each app', () => {
  it('comes back empty, as superuser, with its sequences and migration rows as loaded', async () => {
    const first = await openMigratedPglite();
    const loaded = loadedMigratedPglites();
    const tables = async (db: typeof first.db) =>
      (await sql<{ name: string; rows: number }>`select c.relname as name, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %s', c.oid::regclass), false, true, '')))[1]::text::int as rows
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and n.nspname = 'public' order by 1`.execute(db)).rows;
    const before = await tables(first.db);
    const sequences = async (db: typeof first.db) => (await sql<{ s: string; v: string | null }>`select sequencename as s, last_value::text as v from pg_sequences order by 1`.execute(db)).rows;
    const sequencesBefore = await sequences(first.db);

    await sql`insert into organizations (id, name, created_at) values ('org_reuse', 'Reuse', now())`.execute(first.db);
    // An append-only table: its trigger refuses the service's deletes.
    await sql`insert into chain_checkpoints (id, organization_id, mode, created_at, audit_seq, checkpoint) values ('ckpt_reuse', 'org_reuse', 'test', now(), 0, '{}')`.execute(first.db);
    const written = (await tables(first.db)).filter((t) => t.rows > 0).map((t) => t.name);
    expect(written).toEqual(expect.arrayContaining(['organizations', 'chain_checkpoints']));
    // A sequence moved on, the service's role taken, a transaction left open.
    await sql`select nextval(${sequencesBefore[0]!.s}::regclass)`.execute(first.db);
    await first.actAs!('fds_service');
    await sql`begin`.execute(first.db);
    await first.close();

    const second = await openMigratedPglite();
    try {
      // The same database, not a new load of the dump.
      expect(loadedMigratedPglites()).toBe(loaded);
      expect((await sql<{ u: string }>`select current_user as u`.execute(second.db)).rows[0]!.u).toBe('postgres');
      expect(await tables(second.db)).toEqual(before);
      expect(await sequences(second.db)).toEqual(sequencesBefore);
      // No transaction was left open: this one commits.
      await second.db.transaction().execute(async (trx) => {
        await sql`create temporary table t (x int)`.execute(trx);
      });
    } finally {
      await second.close();
    }
  });

  it('is not kept when a test changed its catalog', async () => {
    const first = await openMigratedPglite();
    const loaded = loadedMigratedPglites();
    await sql`create table made_by_a_test (x int)`.execute(first.db);
    await first.close();
    const second = await openMigratedPglite();
    try {
      expect(loadedMigratedPglites()).toBe(loaded + 1);
      expect((await sql<{ n: string }>`select count(*)::text as n from pg_class where relname = 'made_by_a_test'`.execute(second.db)).rows[0]!.n).toBe('0');
    } finally {
      await second.close();
    }
  });
});
