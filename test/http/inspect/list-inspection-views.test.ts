/**
 * GET /v1/shipments/{id}/inspection-views: every view of a shipment, newest first with
 * a cursor, only to its organisation and mode; the gate and federated channels write through the
 * same recordInspectionView and show beside the link's views.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordInspectionView } from '../../../src/modules/inspect/inspection-views.js';
import { backends } from '../../support/backends.js';
import { inspectApi } from '../../support/inspect-api.js';
import { expectProblem } from '../../support/problems.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('GET /v1/shipments/{id}/inspection-views on $name', (backend) => {
  let t: TestApp;
  let api: ReturnType<typeof inspectApi>;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    api = inspectApi(t);
  });
  afterAll(() => t.close());

  describe('200', () => {
    it('newest first, page by page with the cursor; order=asc for oldest first', async () => {
      const tenant = await t.newTenant();
      const { shipment, token } = await api.issued(tenant);
      for (const lang of ['en', 'nl', 'de', 'fr', 'en']) {
        await api.json(token, { headers: { 'accept-language': lang } });
        t.clock.advance(1000);
      }
      const first = (await api.views(tenant, shipment.id, '?limit=2')).json();
      expect(first.data.map((v: any) => v.language)).toEqual(['en', 'fr']);
      expect(first.has_more).toBe(true);
      const second = (await api.views(tenant, shipment.id, `?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
      expect(second.data.map((v: any) => v.language)).toEqual(['de', 'nl']);
      const third = (await api.views(tenant, shipment.id, `?limit=2&cursor=${encodeURIComponent(second.next_cursor)}`)).json();
      expect(third).toMatchObject({ has_more: false, next_cursor: null });
      expect(third.data.map((v: any) => v.language)).toEqual(['en']);
      const times = [...first.data, ...second.data, ...third.data].map((v: any) => v.viewed_at);
      expect([...times].sort().reverse()).toEqual(times);

      const asc = (await api.views(tenant, shipment.id, '?order=asc&limit=1')).json();
      expect(asc.data[0].viewed_at).toBe(times.at(-1));
    });

    it('gate and federated views, recorded by those channels, list with their viewer and details', async () => {
      const tenant = await t.newTenant();
      const { shipment } = await api.issued(tenant);
      const common = { organization_id: tenant.organizationId, mode: 'test' as const, shipment_id: shipment.id, ip: null, user_agent: null, language: null };
      await recordInspectionView(t.runtime.services, { ...common, channel: 'gate', outcome: 'ok', viewer: 'gate-nl-01', details: { subsets: ['EU01', 'EU03'] } });
      t.clock.advance(1000);
      await recordInspectionView(t.runtime.services, { ...common, channel: 'federated', outcome: 'token_revoked', viewer: 'platform-be-7', details: { delegation_id: 'dlg_x' } });
      const views = (await api.views(tenant, shipment.id)).json().data;
      expect(views).toEqual([
        expect.objectContaining({ channel: 'federated', outcome: 'token_revoked', viewer: 'platform-be-7', details: { delegation_id: 'dlg_x' } }),
        expect.objectContaining({ channel: 'gate', outcome: 'ok', viewer: 'gate-nl-01', details: { subsets: ['EU01', 'EU03'] } }),
      ]);
      expect(views[0].id).toMatch(/^ivw_/);
      const event = (await t.app.inject({ method: 'GET', url: `/v1/events/${views[0].event_id}`, headers: t.auth(tenant.testKey) })).json();
      expect(event).toMatchObject({ type: 'shipment.inspected', data: { shipment_id: shipment.id, status: 'issued', channel: 'federated', outcome: 'token_revoked', view_id: views[0].id } });
    });
  });

  describe('404 not_found', () => {
    it('a shipment of another organisation, or of the other mode', async () => {
      const owner = await t.newTenant();
      const { shipment, token } = await api.issued(owner);
      await api.json(token);
      expectProblem(await api.views(await t.newTenant(), shipment.id), 'not_found');
      expectProblem(await t.app.inject({ method: 'GET', url: `/v1/shipments/${shipment.id}/inspection-views`, headers: t.auth(owner.liveKey) }), 'not_found');
    });
  });

  describe('400', () => {
    it('invalid_id, bad_request, invalid_cursor', async () => {
      const tenant = await t.newTenant();
      const { shipment } = await api.issued(tenant);
      expectProblem(await api.views(tenant, 'shp_nope'), 'invalid_id');
      expectProblem(await api.views(tenant, shipment.id, '?limit=101'), 'bad_request');
      expectProblem(await api.views(tenant, shipment.id, '?cursor=forged.cursor'), 'invalid_cursor');
    });
  });
});
