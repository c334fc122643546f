/**
 * A proof-of-delivery PDF that cannot be rendered: 500 `pdf_render_failed` and no `pod` document
 * stored, so the next request renders it afresh; the JSON form does not depend on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POD_PATH } from '../../../src/modules/pod/pod.routes.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { failingRenderer, renderer } from '../../support/failing-renderer.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('a proof of delivery that fails to render on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { renderer: failingRenderer });
  });
  afterAll(() => t.close());

  it('answers pdf_render_failed and stores nothing; the next request renders it', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    for (const role of ['consignor', 'carrier', 'consignee']) {
      await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name: role } });
    }
    const get = (accept: string) => t.app.inject({ method: 'GET', url: POD_PATH.replace(':id', shipment.id), headers: { ...t.auth(tenant.testKey), accept } });
    renderer.failing = true;
    expectProblem(await get('application/pdf'), 'pdf_render_failed');
    expect((await get('application/json')).statusCode).toBe(200);
    renderer.failing = false;
    expect((await documentsApi(t, tenant).list(shipment.id, '?kind=pod')).json().data).toEqual([]);
    const res = await get('application/pdf');
    expect(res.statusCode).toBe(200);
    expect((await documentsApi(t, tenant).list(shipment.id, '?kind=pod')).json().data).toHaveLength(1);
  });
});
