/**
 * A query compiled once per database handle (src/ports/compiled-once.ts) runs with each call's
 * values in its slots, builds only on its handle's first call, and refuses a slot it cannot place.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../src/ports/compiled-once.js';
import type { DatabaseHandle } from '../../src/ports/database.js';
import { scratchDatabase } from '../support/databases.js';

describe('compiled once', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await (await scratchDatabase('pglite')).open();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('runs one compiled statement with each call\'s values, built on the first call only', async () => {
    let builds = 0;
    const query = compiledOnce(['name', 'n'], (db, slots) => {
      builds += 1;
      return db.selectNoFrom([sql<string>`${slots.name}::text`.as('name'), sql<number>`${slots.n}::int * 2`.as('twice'), sql<string>`${'fixed'}::text`.as('fixed')]);
    });
    expect(await query(handle.db, { name: 'first', n: 2 })).toEqual([{ name: 'first', twice: 4, fixed: 'fixed' }]);
    expect(await query(handle.db, { name: 'second', n: 21 })).toEqual([{ name: 'second', twice: 42, fixed: 'fixed' }]);
    expect(builds).toBe(1);
  });

  it('refuses a slot that is used twice or not at all', async () => {
    const twice = compiledOnce(['x'], (db, slots) => db.selectNoFrom([sql<string>`${slots.x}::text`.as('a'), sql<string>`${slots.x}::text`.as('b')]));
    await expect(twice(handle.db, { x: 'x' })).rejects.toThrow(/slot x must appear once/);
    const unused = compiledOnce(['x', 'y'], (db, slots) => db.selectNoFrom([sql<string>`${slots.x}::text`.as('a')]));
    await expect(unused(handle.db, { x: 'x', y: 'y' })).rejects.toThrow(/slot y must appear once/);
  });
});
