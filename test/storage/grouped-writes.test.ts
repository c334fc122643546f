/**
 * Grouped writes (group commit): concurrent callers' writes share statements, each caller's promise
 * settles once its rows are in, and a bad row fails its own caller only, on both databases.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldableInsert } from '../../src/ports/foldable-insert.js';
import { GroupedWrites } from '../../src/ports/grouped-writes.js';
import type { Database, DatabaseHandle } from '../../src/ports/database.js';
import { scratchDatabase, scratchDatabaseKinds, type ScratchDatabase } from '../support/databases.js';

describe.each(scratchDatabaseKinds())('grouped writes on %s', (kind) => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  let statements = 0;
  let texts: string[] = [];
  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    handle = await scratch.open();
    await sql`create table views (id text primary key, n integer not null)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    if (kind === 'postgres') await scratch.drop();
  });

  // Counts the statements that reach the database, to see callers share them.
  const counting = (): Database =>
    new Proxy(handle.db, {
      get(target, prop, receiver) {
        if (prop === 'executeQuery') return (...args: Parameters<Database['executeQuery']>) => ((statements += 1), texts.push((args[0] as { sql: string }).sql), target.executeQuery(...args));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
  const table = () => handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const ids = async () => (await sql<{ id: string }>`select id from views order by id`.execute(handle.db)).rows.map((r) => r.id);

  it('commits 200 concurrent callers in a few statements, each resolved only once its row is there', async () => {
    const grouped = new GroupedWrites(counting(), { maxCallers: 100, inFlight: 2 });
    statements = 0;
    const seen: boolean[] = [];
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const id = `v${String(i).padStart(3, '0')}`;
        await grouped.write([table().insertInto('views').values({ id, n: i })]);
        seen.push((await sql<{ n: number }>`select count(*)::int as n from views where id = ${id}`.execute(handle.db)).rows[0]!.n === 1);
      }),
    );
    expect(seen).toHaveLength(200);
    expect(seen.every(Boolean)).toBe(true);
    expect(await ids()).toHaveLength(200);
    // The first caller starts alone, the rest group behind it: far fewer statements than callers.
    expect(statements).toBeLessThanOrEqual(6);
  });

  it('a caller alone is written at once', async () => {
    const grouped = new GroupedWrites(counting());
    statements = 0;
    await grouped.write([table().insertInto('views').values({ id: 'alone', n: 1 })]);
    expect(statements).toBe(1);
    expect(await ids()).toContain('alone');
  });

  it('a bad row fails its own caller only; the others of its group are written', async () => {
    const grouped = new GroupedWrites(handle.db);
    const outcomes = await Promise.allSettled([
      grouped.write([table().insertInto('views').values({ id: 'g1', n: 1 })]),
      grouped.write([table().insertInto('views').values({ id: 'g2', n: 2 })]),
      grouped.write([table().insertInto('views').values({ id: 'alone', n: 3 })]),
      grouped.write([table().insertInto('views').values({ id: 'g4', n: 4 })]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await ids()).toEqual(expect.arrayContaining(['g1', 'g2', 'g4']));
  });

  // The table of this scratch database is not in the service's schema: typed loosely here.
  const viewRow = (id: string, n: number) => foldableInsert(handle.db, 'views' as never, [{ id, n } as never]);

  it('folds the inserts of a group into one multi-row INSERT per table', async () => {
    const grouped = new GroupedWrites(counting(), { maxCallers: 100, inFlight: 2 });
    statements = 0;
    texts = [];
    await Promise.all(Array.from({ length: 150 }, (_, i) => grouped.write([viewRow(`f${String(i).padStart(3, '0')}`, i)])));
    expect((await ids()).filter((id) => id.startsWith('f'))).toHaveLength(150);
    expect(statements).toBeLessThanOrEqual(6);
    // Each statement is one INSERT, however many callers it carries: no CTE per row.
    for (const text of texts) expect(text.match(/insert into "views"/g)).toHaveLength(1);
    expect(texts.some((text) => (text.match(/\(\$\d+, \$\d+\)/g) ?? []).length > 1)).toBe(true);
  });

  it('a bad row in a folded group fails its own caller only', async () => {
    const grouped = new GroupedWrites(handle.db);
    const outcomes = await Promise.allSettled(['h1', 'h2', 'f000', 'h4'].map((id, i) => grouped.write([viewRow(id, i)])));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await ids()).toEqual(expect.arrayContaining(['h1', 'h2', 'h4']));
  });
});
