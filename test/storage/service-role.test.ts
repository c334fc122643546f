/**
 * The service's database role cannot rewrite history (docs/deploy.md, "Two database roles"): it owns
 * nothing, so no ALTER, DROP or trigger change; on the history tables (service-grants.ts) it may
 * only read and append, plus the narrow rights the service uses — an erasure replaces an event's
 * data, the retention removes audit rows older than two years through purge_audit_log(). Run as the
 * app's own database handle, i.e. as the service: on PGlite (its session runs as `fds_service`) and
 * on PostgreSQL when the suite has two roles (MIGRATION_DATABASE_URL, as CI runs it). Every
 * statement runs in a transaction that is rolled back, so nothing it would do survives.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/adapters/database/migrator.js';
import { openPglite } from '../../src/adapters/database/pglite.js';
import { HISTORY_TABLES } from '../../src/adapters/database/service-grants.js';
import { ManualClock } from '../../src/core/clock.js';
import { purgeAuditLogJob } from '../../src/modules/audit-log/purge-audit-log.job.js';
import { recordAuditEvent } from '../../src/modules/audit-log/record-audit-event.js';
import { createOrganization } from '../../src/modules/organizations/create-organization.js';
import { eraseChainEvent } from '../../src/modules/privacy/erased-records.repository.js';
import type { Database } from '../../src/ports/database.js';
import { backends } from '../support/backends.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
const rollback = new Error('rollback');

/** Runs `statement` in a transaction that is always rolled back: the SQLSTATE it failed with, or 'accepted'. */
async function attempt(db: Database, statement: string): Promise<string> {
  let outcome = 'accepted';
  await db
    .transaction()
    .execute(async (trx) => {
      try {
        await sql.raw(statement).execute(trx);
      } catch (error) {
        outcome = String((error as { code?: unknown }).code ?? (error as Error).message);
      }
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return outcome;
}

// 42501: insufficient_privilege ("permission denied", "must be owner").
const REFUSED = '42501';

const twoRoles = (databaseUrl?: string) => !databaseUrl || Boolean(process.env.MIGRATION_DATABASE_URL);

describe.each(backends().filter((b) => twoRoles(b.databaseUrl)))('the service database role on $name', (backend) => {
  let t: TestApp;
  let db: Database;
  let tables: string[];
  beforeAll(async () => {
    t = await buildTestApp(backend);
    db = t.runtime.services.db;
    const found = await sql<{ t: string }>`select tablename as t from pg_tables where schemaname = current_schema()`.execute(db);
    tables = found.rows.map((r) => r.t).filter((name) => name in HISTORY_TABLES);
  });
  afterAll(() => t.close());

  it('covers the audit log and the shipment chains', () => {
    expect(tables).toEqual(expect.arrayContaining(['audit_log', 'audit_chain_heads', 'shipment_events', 'schema_migrations']));
  });

  it('owns nothing: no table, trigger or function can be created, altered or dropped', async () => {
    const statements = [
      'create table rewrite_history (a int)',
      'alter table shipments add column forged text',
      'alter table shipments disable trigger all',
      'drop table shipments',
      'drop function audit_log_append_only() cascade',
      "create or replace function audit_log_append_only() returns trigger language plpgsql as $$ begin return coalesce(new, old); end $$",
      'drop trigger audit_log_append_only on audit_log',
      'create trigger forged before insert on shipments for each row execute function audit_log_append_only()',
      'truncate shipments',
    ];
    const outcomes = await Promise.all(statements.map(async (s) => [s, await attempt(db, s)]));
    expect(Object.fromEntries(outcomes)).toEqual(Object.fromEntries(statements.map((s) => [s, REFUSED])));
  });

  it('refuses UPDATE, DELETE, TRUNCATE, DROP and ALTER on every history table', async () => {
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const table of tables) {
      const columns = await sql<{ c: string }>`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db);
      const updatable = new Set(HISTORY_TABLES[table]!.update ?? []);
      const statements = [
        `alter table ${table} disable trigger all`,
        `alter table ${table} add column forged text`,
        `alter table ${table} owner to current_user`,
        `delete from ${table}`,
        `truncate ${table}`,
        `drop table ${table} cascade`,
        // Every column but those the service legitimately changes (an erased event's data).
        ...columns.rows.filter((r) => !updatable.has(r.c)).map((r) => `update ${table} set ${r.c} = ${r.c}`),
      ];
      for (const s of statements) {
        outcomes[s] = await attempt(db, s);
        expected[s] = REFUSED;
      }
    }
    expect(outcomes).toEqual(expected);
    expect(Object.keys(outcomes).length).toBeGreaterThan(40);
  });

  it('still appends, erases an event and runs the retention, and nothing more', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created();
    const scope = { organizationId: tenant.organizationId, mode: 'test' as const };
    // The erasure's write: the event's data replaced, erased_at set; seq, hash and data_sha256 stay.
    await eraseChainEvent(db, scope, shipment.id, 1, { erased: true }, new Date());
    const event = await db.selectFrom('shipment_events').select(['data', 'erased_at']).where('shipment_id', '=', shipment.id).where('seq', '=', 1).executeTakeFirstOrThrow();
    expect(event.data).toEqual({ erased: true });
    expect(event.erased_at).not.toBeNull();
    expect(await attempt(db, `update shipment_events set hash = 'forged' where shipment_id = '${shipment.id}'`)).toBe(REFUSED);
    // Who caused an event is written with it (migration 0045) and stays as written.
    const actor = await db.selectFrom('shipment_events').select('actor').where('shipment_id', '=', shipment.id).where('seq', '=', 1).executeTakeFirstOrThrow();
    expect(actor.actor).toEqual({ type: 'api_key', id: tenant.testKeyId });
    expect(await attempt(db, `update shipment_events set actor = '{"type": "system"}' where shipment_id = '${shipment.id}'`)).toBe(REFUSED);

    // Retention through purge_audit_log(): the old rows go, a row younger than two years stays
    // whatever cutoff the service asks for.
    const now = new Date();
    const twoYearsAgo = new Date(now);
    twoYearsAgo.setUTCFullYear(now.getUTCFullYear() - 2);
    const org = await createOrganization(t.runtime.services, { name: 'Old organisation', liveEnabled: true });
    const act = (at: Date, id: string) =>
      recordAuditEvent(db, { organizationId: org.id, mode: 'live', action: 'api_key.revoked', target: { type: 'api_key', id }, source: { actor: { type: 'cli' } }, clock: new ManualClock(at) });
    await act(new Date(twoYearsAgo.getTime() - 3 * DAY), 'key_old');
    await act(new Date(twoYearsAgo.getTime() + 3 * DAY), 'key_young');
    const ids = async () => (await db.selectFrom('audit_log').select('target_id').where('organization_id', '=', org.id).orderBy('seq').execute()).map((r) => r.target_id);
    expect(await ids()).toEqual(['key_old', 'key_young']);
    await purgeAuditLogJob.handle({ ...t.runtime.services, clock: new ManualClock(now) }, {});
    expect(await ids()).toEqual(['key_young']);
    const asked = await sql<{ n: string }>`select purge_audit_log(${new Date(now.getTime() + DAY)}) as n`.execute(db);
    expect(await ids()).toEqual(['key_young']);
    expect(Number(asked.rows[0]!.n)).toBe(0);
    // The retention flag alone opens nothing to the service role.
    expect(await attempt(db, `select set_config('fds.audit_retention', 'on', true); delete from audit_log where organization_id = '${org.id}'`)).toBe(REFUSED);
  });
});

describe('granting the service role', () => {
  it('stops, naming the fix, when the service role is missing or owns a table, and grants again idempotently', async () => {
    const handle = await openPglite('memory://');
    try {
      await migrate(handle.db);
      await expect(migrate(handle.db, undefined, { serviceRole: 'nobody_here' })).rejects.toThrow(/service role nobody_here does not exist: create it first/);
      await sql`create role app_as_owner nologin`.execute(handle.db);
      await sql`alter table audit_log owner to app_as_owner`.execute(handle.db);
      await expect(migrate(handle.db, undefined, { serviceRole: 'app_as_owner' })).rejects.toThrow(/owns 1 object \(audit_log\).*REASSIGN OWNED BY app_as_owner/);
      await sql`alter table audit_log owner to current_user`.execute(handle.db);
      const version = await migrate(handle.db, undefined, { serviceRole: 'app_as_owner' });
      expect(await migrate(handle.db, undefined, { serviceRole: 'app_as_owner' })).toBe(version);
      const rights = await sql<{ p: string }>`select privilege_type as p from information_schema.role_table_grants where grantee = 'app_as_owner' and table_name = 'audit_log' order by 1`.execute(handle.db);
      expect(rights.rows.map((r) => r.p)).toEqual(['INSERT', 'SELECT']);
    } finally {
      await handle.close();
    }
  });
});
