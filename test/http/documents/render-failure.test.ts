/**
 * A consignment note that cannot be rendered: the issuing request answers 500 `pdf_render_failed`
 * and changes nothing — no shipment, status, event, document or usage — so the client's retry,
 * once rendering works again, succeeds as if the first try never happened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { failingRenderer, renderer } from '../../support/failing-renderer.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('a failed render on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { renderer: failingRenderer });
  });
  afterAll(() => t.close());

  it('create-and-issue answers pdf_render_failed and stores nothing; the retry with the same key succeeds', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const headers = { 'idempotency-key': 'issue-once' };
    renderer.failing = true;
    const failed = await shipments.create(fullShipment(), { issue: true, headers });
    expectProblem(failed, 'pdf_render_failed');
    expect(failed.statusCode).toBe(500);
    const list = await t.app.inject({ method: 'GET', url: '/v1/shipments', headers: t.auth(tenant.testKey) });
    expect(list.json().data).toEqual([]);

    renderer.failing = false;
    const retried = await shipments.create(fullShipment(), { issue: true, headers });
    expect(retried.statusCode).toBe(201);
    expect((await documentsApi(t, tenant).list(retried.json().id)).json().data).toHaveLength(1);
  });

  it('issuing a draft answers pdf_render_failed and leaves it a draft with its events, documents and usage as they were', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const docs = documentsApi(t, tenant);
    const draft = await shipments.created(fullShipment());
    const eventsBefore = (await shipments.events(draft.id)).json().data;

    renderer.failing = true;
    expectProblem(await shipments.post(draft.id, 'issue'), 'pdf_render_failed');
    renderer.failing = false;

    expect((await shipments.get(draft.id)).json().status).toBe('draft');
    expect((await shipments.events(draft.id)).json().data).toEqual(eventsBefore);
    expect((await docs.list(draft.id)).json().data).toEqual([]);
    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: t.auth(tenant.testKey) });
    expect(usage.json().data).toEqual([]);

    expect((await shipments.post(draft.id, 'issue')).json().status).toBe('issued');
    expect((await docs.list(draft.id)).json().data.map((d: { version: number }) => d.version)).toEqual([1]);
  });
});
