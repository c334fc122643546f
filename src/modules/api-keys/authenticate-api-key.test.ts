import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.js';
import type { DB } from '../../ports/database.js';
import { ApiKeyAuthenticator, KEY_CACHE_TTL_MS } from './authenticate-api-key.js';

/** A driver that answers every query with one api_keys row after a short wait, and counts the queries. */
function slowKeyTable() {
  const counter = { queries: 0 };
  const row = { id: 'key_1', organization_id: 'org_1', mode: 'test', scopes: ['shipments:read'], revoked_at: null, live_enabled: false };
  const connection: DatabaseConnection = {
    async executeQuery<R>(): Promise<QueryResult<R>> {
      counter.queries += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { rows: [row as R] };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    async beginTransaction() {},
    async commitTransaction() {},
    async rollbackTransaction() {},
    async releaseConnection() {},
    async destroy() {},
  };
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, counter };
}

describe('API key lookups', () => {
  const key = `sk_test_${'a'.repeat(40)}`;

  it('shares one database lookup among the requests that arrive while it is under way', async () => {
    const { db, counter } = slowKeyTable();
    const clock = new ManualClock(new Date('2026-11-25T12:00:00Z'));
    const authenticator = new ApiKeyAuthenticator(db, clock);
    const burst = await Promise.all(Array.from({ length: 50 }, () => authenticator.authenticate(key)));
    expect(counter.queries).toBe(1);
    expect(new Set(burst.map((p) => p.keyId))).toEqual(new Set(['key_1']));

    // When the entry expires, the next burst again costs one lookup, not fifty.
    clock.advance(KEY_CACHE_TTL_MS + 1);
    await Promise.all(Array.from({ length: 50 }, () => authenticator.authenticate(key)));
    expect(counter.queries).toBe(2);
  });
});
