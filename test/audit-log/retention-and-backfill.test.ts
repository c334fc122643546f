/**
 * The audit log's two-year retention (the purge job, through the trigger's one allowed path; the
 * chain stays checkable from the oldest remaining row) and the backfill of what existed before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { newId } from '../../src/core/ids.js';
import { hashApiKey, generateApiKey, keyHint } from '../../src/modules/api-keys/api-key-secret.js';
import { insertApiKey } from '../../src/modules/api-keys/api-keys.repository.js';
import { backfillAuditLog } from '../../src/modules/audit-log/backfill-audit-log.js';
import { purgeAuditLogJob } from '../../src/modules/audit-log/purge-audit-log.job.js';
import { recordAuditEvent } from '../../src/modules/audit-log/record-audit-event.js';
import { createOrganization } from '../../src/modules/organizations/create-organization.js';
import { backends } from '../support/backends.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends())('audit log retention and backfill on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const list = async (key: string, query = '?order=asc') => (await t.app.inject({ method: 'GET', url: `/v1/audit-log${query}`, headers: t.auth(key) })).json() as { data: { id: string; action: string; actor: Record<string, unknown>; target: { id: string }; created_at: string }[] };
  const integrity = async (key: string) => (await t.app.inject({ method: 'GET', url: '/v1/audit-log/integrity', headers: t.auth(key) })).json() as { valid: boolean; checked: number };

  it('the daily job removes only rows older than two years, and the rest of the chain still verifies', async () => {
    const now = new Date();
    const twoYearsAgo = new Date(now);
    twoYearsAgo.setUTCFullYear(now.getUTCFullYear() - 2);
    const old = new ManualClock(new Date(twoYearsAgo.getTime() - 3 * DAY));
    const tenant: Tenant = await t.newTenant();
    // newTenant's rows are new; put two old acts and a recent one in a chain of their own (live).
    const other = await createOrganization(t.runtime.services, { name: 'Old organisation', liveEnabled: true });
    const act = (clock: ManualClock, id: string) =>
      recordAuditEvent(t.runtime.services.db, { organizationId: other.id, mode: 'live', action: 'api_key.revoked', target: { type: 'api_key', id }, source: { actor: { type: 'cli' } }, clock });
    await act(old, 'key_old1');
    await act(old, 'key_old2');
    await act(new ManualClock(new Date(twoYearsAgo.getTime() + 3 * DAY)), 'key_young');
    await act(new ManualClock(now), 'key_now');
    const key = await import('../../src/modules/api-keys/create-api-key.js').then((m) => m.createApiKey(t.runtime.services, { organizationId: other.id, mode: 'live' }));
    expect((await list(key.key)).data).toHaveLength(5);

    await purgeAuditLogJob.handle({ ...t.runtime.services, clock: new ManualClock(now) }, {});
    const left = (await list(key.key)).data.map((r) => r.target.id);
    expect(left).toEqual(['key_young', 'key_now', key.id]);
    expect(await integrity(key.key)).toMatchObject({ valid: true, checked: 3 });
    // Another organisation's recent rows are untouched.
    expect((await list(tenant.testKey)).data).toHaveLength(1);
  });

  it('backfills an organisation from before the audit log: its keys, revocations and live clearance, in time order', async () => {
    const services = t.runtime.services;
    const db = services.db;
    const org = await createOrganization(services, { name: 'Pre-audit organisation', liveEnabled: true });
    const start = Date.now();
    const at = (daysAgo: number) => new Date(start - daysAgo * DAY);
    const secret = generateApiKey('live');
    const liveId = newId('api_key', at(30));
    await insertApiKey(db, { id: liveId, organization_id: org.id, mode: 'live', key_hash: hashApiKey(secret), hint: keyHint(secret), scopes: ['audit-log:read'], created_at: at(30) });
    const oldSecret = generateApiKey('live');
    const oldId = newId('api_key', at(60));
    await insertApiKey(db, { id: oldId, organization_id: org.id, mode: 'live', key_hash: hashApiKey(oldSecret), hint: keyHint(oldSecret), scopes: ['shipments:read'], created_at: at(60) });
    await db.updateTable('api_keys').set({ revoked_at: at(10) }).where('id', '=', oldId).execute();
    // What migration 0025 does for every organisation that exists when it runs.
    await db.insertInto('audit_backfill_pending').values({ organization_id: org.id }).execute();

    expect(await backfillAuditLog(db)).toBeGreaterThanOrEqual(1);
    const rows = (await list(secret)).data;
    expect(rows.map((r) => [r.action, r.target.id])).toEqual([
      ['api_key.created', oldId],
      ['api_key.created', liveId],
      ['api_key.revoked', oldId],
      // No time was kept for the clearance: the organisation's creation stands in.
      ['organization.live_enabled', org.id],
    ]);
    expect(rows.every((r) => r.actor.type === 'system' && r.actor.note === 'backfilled')).toBe(true);
    expect(rows.slice(0, 3).map((r) => r.created_at)).toEqual([at(60), at(30), at(10)].map((d) => d.toISOString()));
    expect(await integrity(secret)).toMatchObject({ valid: true, checked: 4 });
    // Once only.
    expect(await backfillAuditLog(db)).toBe(0);
    expect((await list(secret)).data).toHaveLength(4);
  });
});
