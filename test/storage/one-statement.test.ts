/**
 * writeAsOneStatement: several writes in one statement are all or nothing, on both databases; and
 * writeAsOneStatementIf: none of them when its guard finds its row changed, also when the change is
 * still in flight as the statement starts (PostgreSQL).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuardMissed, isRolledBackStatement, isUniqueViolation, writeAsOneStatement, writeAsOneStatementIf, type DatabaseHandle } from '../../src/ports/database.js';
import { scratchDatabase, scratchDatabaseKinds, type ScratchDatabase } from '../support/databases.js';

describe.each(scratchDatabaseKinds())('one-statement writes on %s', (kind) => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    handle = await scratch.open();
    await sql`create table parents (id text primary key, note text not null)`.execute(handle.db);
    await sql`create table children (id text primary key, parent_id text not null references parents (id), n integer not null)`.execute(handle.db);
    // The guard's check, as the service's migrations create it.
    await sql.raw(readFileSync(new URL('../../migrations/0046_expect_found.sql', import.meta.url), 'utf8')).execute(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    if (kind === 'postgres') await scratch.drop();
  });

  // The test tables are not in the service's schema type: reach them through an untyped handle.
  const db = () => handle.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
  const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db)).rows[0]!.n);

  it('writes a parent and its children together, parameters renumbered across the writes', async () => {
    await writeAsOneStatement(handle.db, [
      db().insertInto('parents').values({ id: 'p1', note: 'first $1 literal-looking text' }),
      db().insertInto('children').values([
        { id: 'c1', parent_id: 'p1', n: 1 },
        { id: 'c2', parent_id: 'p1', n: 2 },
      ]),
      db().updateTable('parents').set({ note: 'never seen: runs on the same snapshot' }).where('id', '=', 'p0'),
    ]);
    expect(await count('children')).toBe(2);
    const parent = await sql<{ note: string }>`select note from parents where id = 'p1'`.execute(handle.db);
    expect(parent.rows[0]!.note).toBe('first $1 literal-looking text');
  });

  it('leaves nothing behind when one write fails, and tells a unique violation by its constraint', async () => {
    const before = [await count('parents'), await count('children')];
    const failing = writeAsOneStatement(handle.db, [
      db().insertInto('parents').values({ id: 'p2', note: 'x' }),
      db().insertInto('children').values({ id: 'c3', parent_id: 'p2', n: 3 }),
      db().insertInto('parents').values({ id: 'p1', note: 'duplicate' }),
    ]);
    const error = await failing.then(() => undefined, (e: unknown) => e);
    expect(isUniqueViolation(error, 'parents_pkey')).toBe(true);
    expect(isUniqueViolation(error, 'children_pkey')).toBe(false);
    expect([await count('parents'), await count('children')]).toEqual(before);
  });

  describe('on a condition', () => {
    const guard = (id: string, note: string) => db().updateTable('parents').set({ note: `${note}+` }).where('id', '=', id).where('note', '=', note).returning('id');
    const child = (id: string, parentId: string) => db().insertInto('children').values({ id, parent_id: parentId, n: 0 });
    const noteOf = async (id: string) => (await sql<{ note: string }>`select note from parents where id = ${id}`.execute(handle.db)).rows[0]?.note;

    it('writes the guard and the others when the guard finds its row as expected', async () => {
      await db().insertInto('parents').values({ id: 'g1', note: 'v1' }).execute();
      await writeAsOneStatementIf(handle.db, guard('g1', 'v1'), [child('g1c1', 'g1')]);
      expect(await noteOf('g1')).toBe('v1+');
      expect((await sql`select id from children where parent_id = 'g1'`.execute(handle.db)).rows).toEqual([{ id: 'g1c1' }]);
    });

    it('writes nothing and throws GuardMissed when the row moved on: the other writes never run', async () => {
      await db().insertInto('parents').values({ id: 'g2', note: 'v2' }).execute();
      const before = await count('children');
      // The second write would fail (a child of no parent) if it ran; the guard stops the statement first.
      const error = await writeAsOneStatementIf(handle.db, guard('g2', 'v1'), [child('g2c1', 'g2'), child('g2c2', 'nobody')]).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(GuardMissed);
      expect(await noteOf('g2')).toBe('v2');
      expect(await count('children')).toBe(before);
    });

    it('lets any other failure through as the database gave it, nothing written', async () => {
      await db().insertInto('parents').values({ id: 'g3', note: 'v3' }).execute();
      const error = await writeAsOneStatementIf(handle.db, guard('g3', 'v3'), [child('g3c1', 'nobody')]).then(() => undefined, (e: unknown) => e);
      expect(error).not.toBeInstanceOf(GuardMissed);
      expect(isRolledBackStatement(error)).toBe(true);
      expect(await noteOf('g3')).toBe('v3');
    });

    it.runIf(kind === 'postgres')('waits for a change of the row still in flight, then finds the row as that change left it', async () => {
      await db().insertInto('parents').values([{ id: 'g4', note: 'v4' }, { id: 'g5', note: 'v5' }]).execute();
      for (const [id, commits] of [['g4', true], ['g5', false]] as const) {
        const before = await count('children');
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const lockTaken = new Promise<void>((resolve) => (locked = resolve));
        // Another session changes the row and holds its lock until released, then commits or rolls back.
        const other = handle.db.transaction().execute(async (trx) => {
          await sql`update parents set note = 'moved' where id = ${id}`.execute(trx);
          locked();
          await released;
          if (!commits) throw new Error('rolled back on purpose');
        }).catch((e: unknown) => e);
        await lockTaken;
        const guarded = writeAsOneStatementIf(handle.db, guard(id, id === 'g4' ? 'v4' : 'v5'), [child(`${id}c1`, id)]).then(() => 'written', (e: unknown) => e);
        // The guard waits on the row's lock: nothing is written while the other change is in flight.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await count('children')).toBe(before);
        release();
        await other;
        if (commits) {
          expect(await guarded).toBeInstanceOf(GuardMissed);
          expect(await noteOf(id)).toBe('moved');
          expect(await count('children')).toBe(before);
        } else {
          expect(await guarded).toBe('written');
          expect(await noteOf(id)).toBe('v5+');
          expect(await count('children')).toBe(before + 1);
        }
      }
    });
  });
});
