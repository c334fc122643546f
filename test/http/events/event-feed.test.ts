/** GET /v1/events and /v1/events/{id}: the organisation feed, its filters, cursor and 90-day retention. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { purgeEventsJob } from '../../../src/modules/events/purge-events.job.js';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends())('event feed on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // Two years back: the retention test moves this clock 91 days on and purges, which must not
    // reach events other test files write at the real time on the shared PostgreSQL.
    t = await buildTestApp(backend, { clock: new ManualClock(new Date(Date.now() - 730 * DAY)) });
  });
  afterAll(() => t.close());

  const feed = (tenant: Tenant, query = '', key = tenant.testKey) => t.app.inject({ method: 'GET', url: `/v1/events${query}`, headers: t.auth(key) });
  const types = (res: { json(): { data: { type: string }[] } }) => res.json().data.map((e) => e.type);

  /** Two shipments: one created and issued, one created and cancelled. */
  async function activity(tenant: Tenant): Promise<[string, string]> {
    const api = shipmentsApi(t, tenant);
    const a = await api.created();
    t.clock.advance(10);
    await api.post(a.id, 'issue');
    t.clock.advance(10);
    const b = await api.created();
    t.clock.advance(10);
    await api.post(b.id, 'cancel');
    t.clock.advance(10);
    return [a.id, b.id];
  }

  it('lists every event newest first as the webhook envelope', async () => {
    const tenant = await t.newTenant();
    const [a, b] = await activity(tenant);
    const res = await feed(tenant);
    expect(res.statusCode).toBe(200);
    expect(types(res)).toEqual(['shipment.cancelled', 'shipment.created', 'shipment.issued', 'shipment.created']);
    const [cancelled] = res.json().data;
    expect(Object.keys(cancelled).sort()).toEqual(['created_at', 'data', 'id', 'mode', 'type']);
    expect(cancelled).toMatchObject({ mode: 'test', data: { shipment_id: b, status: 'cancelled', seq: 2 } });
    const one = await t.app.inject({ method: 'GET', url: `/v1/events/${cancelled.id}`, headers: t.auth(tenant.testKey) });
    expect(one.json()).toEqual(cancelled);
    expect(res.json().data[3].data).toMatchObject({ shipment_id: a, seq: 1, status: 'draft', transport_type: 'international', reference: 'PO-2026-118734' });
  });

  it('filters by exact type, family wildcard, shipment and creation time; pages with a cursor', async () => {
    const tenant = await t.newTenant();
    const start = t.clock.now();
    const [a] = await activity(tenant);
    expect(types(await feed(tenant, '?type=shipment.issued'))).toEqual(['shipment.issued']);
    expect(types(await feed(tenant, '?type=shipment.*'))).toHaveLength(4);
    expect(types(await feed(tenant, '?type=*'))).toHaveLength(4);
    expect(types(await feed(tenant, '?type=signature.*'))).toEqual([]);
    expect(types(await feed(tenant, `?shipment_id=${a}`))).toEqual(['shipment.issued', 'shipment.created']);
    const mid = new Date(start.getTime() + 15).toISOString();
    expect(types(await feed(tenant, `?created_gte=${mid}`))).toEqual(['shipment.cancelled', 'shipment.created']);
    expect(types(await feed(tenant, `?created_lt=${mid}`))).toEqual(['shipment.issued', 'shipment.created']);
    const page1 = (await feed(tenant, '?limit=3&order=asc')).json();
    expect(page1.data.map((e: { type: string }) => e.type)).toEqual(['shipment.created', 'shipment.issued', 'shipment.created']);
    const page2 = (await feed(tenant, `?limit=3&order=asc&cursor=${page1.next_cursor}`)).json();
    expect(page2).toMatchObject({ has_more: false, next_cursor: null });
    expect(page2.data.map((e: { type: string }) => e.type)).toEqual(['shipment.cancelled']);
  });

  it('refuses unknown types, bad wildcards and bad ids as bad_request; an unknown event is not_found', async () => {
    const tenant = await t.newTenant();
    for (const bad of ['?type=shipment.teleported', '?type=parcel.*', '?type=shipment*', '?shipment_id=shp_1', '?created_gte=today', '?colour=red']) {
      expectProblem(await feed(tenant, bad), 'bad_request');
    }
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/events/evt_01JD0000000000000000000000', headers: t.auth(tenant.testKey) }), 'not_found');
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/events/evt_x', headers: t.auth(tenant.testKey) }), 'invalid_id');
  });

  it('never shows events of another organisation or mode', async () => {
    const tenant = await t.newTenant();
    const other = await t.newTenant();
    await activity(tenant);
    const id = (await feed(tenant)).json().data[0].id as string;
    expect((await feed(other)).json().data).toEqual([]);
    expect((await feed(tenant, '', tenant.liveKey)).json().data).toEqual([]);
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/events/${id}`, headers: t.auth(other.testKey) }), 'not_found');
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/events/${id}`, headers: t.auth(tenant.liveKey) }), 'not_found');
  });

  it('keeps 90 days: older events leave the feed, the purge deletes them, the shipment chain stays', async () => {
    const tenant = await t.newTenant();
    const [a] = await activity(tenant);
    const id = (await feed(tenant)).json().data[0].id as string;
    t.clock.advance(89 * DAY);
    expect((await feed(tenant)).json().data).toHaveLength(4);
    t.clock.advance(2 * DAY);
    expect((await feed(tenant)).json().data).toHaveLength(0);
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/events/${id}`, headers: t.auth(tenant.testKey) }), 'not_found');
    await purgeEventsJob.handle(t.runtime.services, {});
    const left = await t.runtime.services.db.selectFrom('events').select('id').where('organization_id', '=', tenant.organizationId).execute();
    expect(left).toEqual([]);
    const api = shipmentsApi(t, tenant);
    expect((await api.events(a)).json().data).toHaveLength(2);
    expect((await api.integrity(a)).json().valid).toBe(true);
  });
});
