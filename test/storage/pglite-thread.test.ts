/**
 * The embedded database runs in a thread of its own and `pg` reaches it over the wire protocol
 * (src/adapters/database/pglite-wire.ts): the event loop keeps serving while a statement runs, and
 * what the service relies on from a database — errors with their SQLSTATE and constraint, large
 * answers, transactions, the session's role — is as before.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPglite } from '../../src/adapters/database/pglite.js';
import { PgliteThread } from '../../src/adapters/database/pglite-wire.js';
import { isUniqueViolation, type DatabaseHandle } from '../../src/ports/database.js';

const run = promisify(execFile);
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openPglite('memory://');
  await sql`create table kept (id int primary key, body text not null)`.execute(handle.db);
});
afterAll(() => handle.close());

describe('the embedded database in its own thread', () => {
  it('keeps the event loop turning while a long statement runs', async () => {
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const { rows } = await sql<{ n: string }>`select count(*) as n from generate_series(1, 3000000) as g, lateral (select md5(g::text)) as m`.execute(handle.db);
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(rows[0]!.n).toBe('3000000');
    // The statement takes a good part of a second or more; run on the loop, the ticker would have
    // stopped for all of it.
    expect(took).toBeGreaterThan(300);
    expect(longestGap).toBeLessThan(took / 3);
  });

  it('reports errors with their SQLSTATE and constraint, and the session goes on', async () => {
    await sql`insert into kept values (1, 'a')`.execute(handle.db);
    const error = await sql`insert into kept values (1, 'b')`.execute(handle.db).catch((e: unknown) => e);
    expect(isUniqueViolation(error, 'kept_pkey')).toBe(true);
    expect(await sql`select 1/0`.execute(handle.db).catch((e: { code?: string }) => e.code)).toBe('22012');
    expect((await sql<{ body: string }>`select body from kept where id = 1`.execute(handle.db)).rows).toEqual([{ body: 'a' }]);
  });

  it('rolls back a failed transaction, also one whose first statement fails, and commits a good one', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into kept values (2, 'x')`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // The first statement of a transaction travels with its BEGIN: its failure is its own.
    const failedFirst = handle.db.transaction().execute(async (trx) => {
      await sql`insert into kept values (1, 'again')`.execute(trx);
    });
    expect(isUniqueViolation(await failedFirst.catch((e: unknown) => e), 'kept_pkey')).toBe(true);
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into kept values (3, 'y')`.execute(trx);
    });
    const { rows } = await sql<{ id: number }>`select id from kept where id in (2, 3) order by id`.execute(handle.db);
    expect(rows).toEqual([{ id: 3 }]);
  });

  it('carries answers of several megabytes and many concurrent statements in order', async () => {
    const { rows } = await sql<{ big: string }>`select repeat('é', 2000000) as big`.execute(handle.db);
    expect(rows[0]!.big.length).toBe(2_000_000);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => sql<{ i: number }>`select ${i}::int as i`.execute(handle.db)));
    expect(answers.map((a) => a.rows[0]!.i)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('keeps the role its session was given', async () => {
    await handle.actAs!('pg_read_all_data');
    expect((await sql<{ u: string }>`select current_user as u`.execute(handle.db)).rows[0]!.u).toBe('pg_read_all_data');
    await handle.actAs!(null);
    expect((await sql<{ u: string }>`select current_user as u`.execute(handle.db)).rows[0]!.u).toBe('postgres');
  });

  it('fails statements after the close instead of leaving them waiting', async () => {
    const other = await openPglite('memory://');
    await other.close();
    await expect(sql`select 1`.execute(other.db)).rejects.toThrow();
  });

  it('does not keep a script from ending once its statements are answered', async () => {
    const script = `import { openPglite } from ${JSON.stringify(join(import.meta.dirname, '../../src/adapters/database/pglite.ts'))};
      import { sql } from 'kysely';
      const handle = await openPglite('memory://');
      console.log(JSON.stringify((await sql\`select 41 + 1 as n\`.execute(handle.db)).rows));`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 60_000 });
    expect(stdout.trim()).toBe('[{"n":42}]');
  });

  it('keeps nothing per statement: its heap is the same after thousands more', async () => {
    const thread = await PgliteThread.start({ dataDir: 'memory://' });
    const pool = new pg.Pool({ stream: () => thread.connection(), user: 'postgres', database: 'template1', max: 1 });
    try {
      await pool.query('create table t (id serial primary key, body text)');
      const statements = async (n: number) => {
        for (let i = 0; i < n; i++) await pool.query(i % 2 === 0 ? 'insert into t (body) values ($1)' : 'select * from t where id = $1', [i % 2 === 0 ? 'x'.repeat(500) : String(i)]);
      };
      /** Bytes of a heap snapshot of the thread: its live objects once its garbage is collected. */
      const heapBytes = async () => {
        let bytes = 0;
        for await (const chunk of await thread.heapSnapshot()) bytes += (chunk as Buffer).length;
        return bytes;
      };
      await statements(500);
      const before = await heapBytes();
      await statements(4000);
      const after = await heapBytes();
      // PGlite's execProtocolRaw kept every answer's parsed messages (about 1.7 KB a statement,
      // more in a snapshot): 4,000 statements would add megabytes.
      expect(after - before).toBeLessThan(500_000);
    } finally {
      await pool.end();
      await thread.close();
    }
  }, 60_000);
});

