/** writeAsOneStatement: several writes in one statement are all or nothing, on both databases. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, writeAsOneStatement, type DatabaseHandle } from '../../src/ports/database.js';
import { scratchDatabase, scratchDatabaseKinds, type ScratchDatabase } from '../support/databases.js';

describe.each(scratchDatabaseKinds())('one-statement writes on %s', (kind) => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    handle = await scratch.open();
    await sql`create table parents (id text primary key, note text not null)`.execute(handle.db);
    await sql`create table children (id text primary key, parent_id text not null references parents (id), n integer not null)`.execute(handle.db);
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
});
