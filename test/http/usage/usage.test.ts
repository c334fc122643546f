/** GET /v1/usage: shipments issued per UTC day, per organisation and mode, with no billing configured. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('usage on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { clock: new ManualClock(new Date('2026-11-20T23:59:00Z')) });
  });
  afterAll(() => t.close());

  it('counts issues per UTC day, not creates or cancels; isolated per organisation and mode', async () => {
    const tenant = await t.newTenant();
    const api = shipmentsApi(t, tenant);
    const usage = (q = '', key = tenant.testKey) => t.app.inject({ method: 'GET', url: `/v1/usage${q}`, headers: t.auth(key) });
    await api.created(minimalShipment(), { issue: true });
    const draft = await api.created(minimalShipment());
    await api.post(draft.id, 'issue');
    await api.post((await api.created(minimalShipment())).id, 'cancel');
    t.clock.advance(2 * 60 * 1000); // past midnight UTC
    await api.created(minimalShipment(), { issue: true });
    await api.created(minimalShipment(), { issue: true, key: tenant.liveKey });

    const res = await usage('?date_gte=2026-11-01&date_lte=2026-11-30&metric=shipments_issued');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { date: '2026-11-21', metric: 'shipments_issued', value: 1 },
        { date: '2026-11-20', metric: 'shipments_issued', value: 2 },
      ],
      has_more: false,
      next_cursor: null,
    });
    expect((await usage('?metric=shipments_issued', tenant.liveKey)).json().data).toEqual([{ date: '2026-11-21', metric: 'shipments_issued', value: 1 }]);
    // Each issue also stored its note's version 1: bytes are metered beside the count.
    const day = (await usage('?date_gte=2026-11-21&date_lte=2026-11-21')).json().data;
    expect(day.map((r: { metric: string }) => r.metric)).toEqual(['shipments_issued', 'storage_bytes']);
    expect(day[1].value).toBeGreaterThan(1000);
    expect((await usage('?metric=signatures')).json().data).toEqual([]);
    const other = await t.newTenant();
    expect((await usage('', other.testKey)).json().data).toEqual([]);
  });

  it('refuses reversed or over-long ranges and bad dates as bad_request', async () => {
    const tenant = await t.newTenant();
    const usage = (q: string) => t.app.inject({ method: 'GET', url: `/v1/usage${q}`, headers: t.auth(tenant.testKey) });
    expectProblem(await usage('?date_gte=2026-11-10&date_lte=2026-11-01'), 'bad_request');
    expectProblem(await usage('?date_gte=2024-01-01&date_lte=2026-01-01'), 'bad_request');
    expectProblem(await usage('?date_gte=2026-02-30'), 'bad_request');
    expectProblem(await usage('?metric=parcels'), 'bad_request');
  });
});
