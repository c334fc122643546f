/**
 * The hand-written array literals of the worker's batch statements read back exactly, through the
 * database, whatever the text: quotes, backslashes, braces, commas, the word NULL, empty, non-Latin.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/adapters/database/pglite.js';
import type { DatabaseHandle } from '../../src/ports/database.js';
import { intArray, textArray } from '../../src/ports/database-arrays.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openPglite('memory://');
});
afterAll(async () => {
  await database.close();
});

describe('array literals for unnest', () => {
  it('text comes back as given, null as NULL', async () => {
    const values = ['plain', 'a "quoted" word', 'back\\slash\\', '{braces},commas', 'NULL', '', null, 'Łódź € 🚚\nnew line\ttab', ' spaced '];
    const { rows } = await database.db.executeQuery<{ v: string | null; n: number | null }>(
      CompiledQuery.raw('select v, n from unnest($1::text[], $2::int[]) as u(v, n)', [textArray(values), intArray([1, -2, null, 0, 2147483647, 3, 4, 5, 6])]),
    );
    expect(rows.map((r) => r.v)).toEqual(values);
    expect(rows.map((r) => r.n)).toEqual([1, -2, null, 0, 2147483647, 3, 4, 5, 6]);
  });

  it('refuses a number that is not whole', () => {
    expect(() => intArray([1.5])).toThrow(TypeError);
    expect(() => intArray([Number.NaN])).toThrow(TypeError);
  });
});
