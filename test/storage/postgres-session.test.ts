/**
 * The PostgreSQL adapter's session settings: every pooled connection runs without JIT compilation,
 * which had the webhook claim spend ~40 of its ~50 ms compiling (src/adapters/database/postgres.ts).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/ports/database.js';
import { scratchDatabase, type ScratchDatabase } from '../support/databases.js';

describe.runIf(process.env.DATABASE_URL)('PostgreSQL sessions of the service', () => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    scratch = await scratchDatabase('postgres');
    handle = await scratch.open();
  });
  afterAll(async () => {
    await handle.close();
    await scratch.drop();
  });

  it('turns JIT off on every connection of the pool, the first query included', async () => {
    // Several at once, so the pool opens several connections.
    const settings = await Promise.all(Array.from({ length: 4 }, () => handle.db.connection().execute(async (db) => (await sql<{ jit: string }>`show jit`.execute(db)).rows[0]!.jit)));
    expect(settings).toEqual(['off', 'off', 'off', 'off']);
  });
});
