/**
 * A remark whose consignment-note version cannot be rendered: 500 `pdf_render_failed`, and nothing
 * changed — no remark, event, note version or webhook delivery — so the retry succeeds as if the
 * first try never happened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { failingRenderer, renderer } from '../../support/failing-renderer.js';
import { expectProblem } from '../../support/problems.js';
import { remarksApi } from '../../support/remarks-api.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('a remark whose note fails to render on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { renderer: failingRenderer });
  });
  afterAll(() => t.close());

  it('answers pdf_render_failed and stores nothing; the retry with the same key succeeds', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const remarks = remarksApi(t, tenant);
    await t.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: t.auth(tenant.testKey), payload: { url: 'https://hooks.example.com/remarks', events: ['*'] } });
    const shipment = await shipments.created(minimalShipment(), { issue: true });
    const events = (await shipments.events(shipment.id)).json().data;
    const deliveries = async () => (await t.app.inject({ method: 'GET', url: '/v1/webhook-deliveries?limit=100', headers: t.auth(tenant.testKey) })).json().data.length;
    const sent = await deliveries();
    const body = { phase: 'pickup', type: 'damage', text: 'Forklift damage on the left side.' };
    const headers = { 'idempotency-key': 'forklift' };

    renderer.failing = true;
    const failed = await remarks.create(shipment.id, body, { headers });
    renderer.failing = false;
    expect(expectProblem(failed, 'pdf_render_failed').detail).toContain('nothing was changed');
    expect((await remarks.list(shipment.id)).json().data).toEqual([]);
    expect((await shipments.events(shipment.id)).json().data).toEqual(events);
    expect((await documentsApi(t, tenant).list(shipment.id)).json().data).toHaveLength(1);
    expect(await deliveries()).toBe(sent);

    const retried = await remarks.create(shipment.id, body, { headers });
    expect(retried.statusCode).toBe(201);
    expect((await documentsApi(t, tenant).list(shipment.id)).json().data).toHaveLength(2);
    expect(await deliveries()).toBe(sent + 1);
  });
});
