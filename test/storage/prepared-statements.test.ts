/**
 * Statements sent with parameters outside a transaction are kept prepared in the session
 * (src/adapters/database/prepared-statements-client.ts), on both databases: a text is parsed once,
 * at most `max` are kept (the least recently used deallocated before the statement that evicts
 * it, so pg never queues two queries), a transaction's statements are not kept, and a kept
 * statement whose table a migration widened runs instead of failing. Read from the session's own
 * `pg_prepared_statements`.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from '../../src/adapters/database/pglite-wire.js';
import { preparingClient } from '../../src/adapters/database/prepared-statements-client.js';
import { scratchDatabase, scratchDatabaseKinds, type ScratchDatabase } from '../support/databases.js';

describe.each(scratchDatabaseKinds())('prepared statements on %s', (kind) => {
  let thread: PgliteThread | undefined;
  let scratch: ScratchDatabase | undefined;
  let client: pg.Client;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  beforeAll(async () => {
    const Client = preparingClient(3);
    if (kind === 'pglite') {
      thread = await PgliteThread.start({ dataDir: 'memory://' });
      client = new Client({ stream: () => thread!.connection(), user: 'postgres', database: 'template1' });
    } else {
      scratch = await scratchDatabase('postgres');
      client = new Client({ connectionString: scratch.ownerUrl ?? scratch.url });
    }
    await client.connect();
    await client.query('create table items (id int primary key, name text not null)');
    process.on('warning', onWarning);
  }, 60_000);
  afterAll(async () => {
    process.off('warning', onWarning);
    await client?.end();
    await thread?.close();
    await scratch?.drop();
  });

  const prepared = async () => (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement).sort();
  const select = (n: number) => `select ${n} as n, $1::text as echo`;

  it('parses a text with parameters once and runs it again by its name; a text without parameters is not kept', async () => {
    for (let i = 0; i < 3; i++) expect((await client.query('insert into items values ($1, $2) returning name', [i, `item ${i}`])).rows).toEqual([{ name: `item ${i}` }]);
    expect(await prepared()).toEqual(['insert into items values ($1, $2) returning name']);
    // Several statements in one text without parameters run as a simple query, as before.
    await client.query('update items set name = upper(name); update items set name = lower(name)');
    expect((await client.query('select name from items where id = $1', [2])).rows).toEqual([{ name: 'item 2' }]);
    expect(await prepared()).toHaveLength(2);
  });

  it('keeps at most three, deallocating the least recently used first, and prepares an evicted text again when it returns', async () => {
    for (let n = 1; n <= 5; n++) expect((await client.query(select(n), [`run ${n}`])).rows).toEqual([{ n, echo: `run ${n}` }]);
    expect(await prepared()).toEqual([select(3), select(4), select(5)].sort());
    // Used again, 3 is the newest: 6 evicts 4.
    await client.query(select(3), ['again']);
    await client.query(select(6), ['six']);
    expect(await prepared()).toEqual([select(3), select(5), select(6)].sort());
    expect((await client.query(select(1), ['back'])).rows).toEqual([{ n: 1, echo: 'back' }]);
    expect(await prepared()).toContain(select(1));
    // The DEALLOCATE went before its statement, not beside it: pg warns when a query is queued behind another.
    expect(warnings.map((w) => w.message)).toEqual([]);
  });

  it('keeps nothing a transaction sends', async () => {
    const before = await prepared();
    await client.query('begin');
    expect((await client.query(select(42), ['inside'])).rows).toEqual([{ n: 42, echo: 'inside' }]);
    await client.query('rollback');
    expect(await prepared()).toEqual(before);
  });

  it('runs a kept statement whose table gained a column since, and prepares it anew', async () => {
    const text = 'select * from items where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'item 1' }]);
    expect(await prepared()).toContain(text);
    await client.query("alter table items add column colour text not null default 'red'");
    // Its kept plan no longer has the table's columns: PostgreSQL refuses it, and it runs unprepared.
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'item 1', colour: 'red' }]);
    expect((await client.query(text, [2])).rows).toEqual([{ id: 2, name: 'item 2', colour: 'red' }]);
    expect(await prepared()).toContain(text);
  });
});
