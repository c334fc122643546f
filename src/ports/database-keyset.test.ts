import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { keysetWindow } from './database-keyset.js';

interface Tables {
  items: { id: string; organization_id: string };
}

// Compiles only: the SQL every keyset list sends, without a database.
const db = new Kysely<Tables>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
});
const base = () => db.selectFrom('items').selectAll().where('organization_id', '=', 'org_1');

describe('keyset window', () => {
  it('reads newest first strictly before the cursor key, one more row than the page', () => {
    const { sql, parameters } = keysetWindow(base(), 'id', { after: 'itm_5', order: 'desc', limit: 21 }).compile();
    expect(sql).toBe('select * from "items" where "organization_id" = $1 and "id" < $2 order by "id" desc limit $3');
    expect(parameters).toEqual(['org_1', 'itm_5', 21]);
  });

  it('reads oldest first strictly after the key, and the whole list without a cursor or limit', () => {
    expect(keysetWindow(base(), 'id', { after: 'itm_5', order: 'asc', limit: 3 }).compile().sql).toBe('select * from "items" where "organization_id" = $1 and "id" > $2 order by "id" asc limit $3');
    expect(keysetWindow(base(), 'id', { order: 'asc' }).compile().sql).toBe('select * from "items" where "organization_id" = $1 order by "id" asc');
  });
});
