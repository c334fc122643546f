/**
 * The embedded database's session keeps the statements it is sent with parameters prepared
 * (src/adapters/database/prepared-statements-client.ts): a text runs parsed once, at most `max`
 * are kept (the least recently used deallocated), a name never moves to another text, and a
 * deallocation refused inside an aborted transaction is made later. Read from the session's own
 * `pg_prepared_statements`.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from '../../src/adapters/database/pglite-wire.js';
import { preparingClient } from '../../src/adapters/database/prepared-statements-client.js';

describe('prepared statements in the embedded database session', () => {
  let thread: PgliteThread;
  let client: pg.Client;
  beforeAll(async () => {
    thread = await PgliteThread.start({ dataDir: 'memory://' });
    const Client = preparingClient(3);
    client = new Client({ stream: () => thread.connection(), user: 'postgres', database: 'template1' });
    await client.connect();
    await client.query('create table items (id int primary key, name text not null)');
  }, 60_000);
  afterAll(async () => {
    await client?.end();
    await thread?.close();
  });

  const prepared = async () => (await client.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time')).rows.map((r) => r.statement);
  const select = (n: number) => `select ${n} as n, $1::text as echo`;

  it('parses a text with parameters once and runs it again by its name; a text without parameters is not kept', async () => {
    for (let i = 0; i < 3; i++) expect((await client.query('insert into items values ($1, $2) returning name', [i, `item ${i}`])).rows).toEqual([{ name: `item ${i}` }]);
    expect(await prepared()).toEqual(['insert into items values ($1, $2) returning name']);
    // Several statements in one text without parameters run as a simple query, as before.
    await client.query('update items set name = upper(name); update items set name = lower(name)');
    expect((await client.query('select name from items where id = $1', [2])).rows).toEqual([{ name: 'item 2' }]);
    expect(await prepared()).toHaveLength(2);
  });

  it('keeps at most three, deallocating the least recently used, and prepares an evicted text again when it returns', async () => {
    for (let n = 1; n <= 5; n++) expect((await client.query(select(n), [`run ${n}`])).rows).toEqual([{ n, echo: `run ${n}` }]);
    const kept = await prepared();
    expect(kept).toEqual([select(3), select(4), select(5)]);
    // Used again, 3 is the newest: 6 evicts 4.
    await client.query(select(3), ['again']);
    await client.query(select(6), ['six']);
    expect((await prepared()).sort()).toEqual([select(3), select(5), select(6)].sort());
    expect((await client.query(select(1), ['back'])).rows).toEqual([{ n: 1, echo: 'back' }]);
    expect(await prepared()).toContain(select(1));
  });

  it('makes a deallocation refused inside an aborted transaction once the transaction has ended', async () => {
    await client.query('begin');
    await expect(client.query('insert into items values ($1, $2)', [0, 'duplicate'])).rejects.toMatchObject({ code: '23505' });
    // A new text evicts one; its DEALLOCATE and the statement itself fail in the aborted transaction.
    await expect(client.query(select(7), ['aborted'])).rejects.toMatchObject({ code: '25P02' });
    await client.query('rollback');
    // Once out of it, the next eviction deallocates the one left behind too.
    for (let n = 8; n <= 9; n++) await client.query(select(n), ['after']);
    expect((await prepared()).length).toBeLessThanOrEqual(3);
    expect((await client.query(select(7), ['now'])).rows).toEqual([{ n: 7, echo: 'now' }]);
    expect((await prepared()).length).toBeLessThanOrEqual(3);
  });
});
