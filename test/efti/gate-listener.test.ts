/**
 * The platform listener as the gate calls it (platform-api-for-gate.yaml) over mutual TLS: only
 * a client certificate of the gate CA naming the gate id is let in (401/403 otherwise, as
 * problem+xml); `GET /v0/consignments/{datasetId}?subsetId=…` answers the asked subsets as XML
 * (400 with none or an unknown one, 404 for unknown and sandbox datasets); follow-ups of 2 to
 * 10 000 characters are stored and emitted as `efti.follow_up_received`; every answer on a known
 * dataset writes an audit row through recordInspectionView (channel `gate`, viewer the gate id).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordInspectionView, type InspectionViewInput } from '../../src/modules/inspect/inspection-views.js';
import { PROBLEM_XML_NAMESPACE } from '../../src/http/problem-xml.js';
import { selectFollowUps } from '../../src/modules/efti/gate/gate.repository.js';
import { backends } from '../support/backends.js';
import type { CertPair } from '../support/efti-certs.js';
import { datasetIdOf, gateBed, GATE_ID, type GateBed } from '../support/efti-gate-bed.js';
import { callListener, COMMON_XSD, xmllint } from '../support/fake-efti-gate.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi, type ShipmentsApi } from '../support/shipments-api.js';
import type { Tenant } from '../support/test-app.js';

// The inspection branch stores the rows; here the call itself is what the gate work owes it.
vi.mock('../../src/modules/inspect/inspection-views.js', () => ({ recordInspectionView: vi.fn(async () => undefined) }));
const views = () => vi.mocked(recordInspectionView).mock.calls.map(([, view]) => view as InspectionViewInput);

describe.each(backends())('eFTI platform listener on %s', (backend) => {
  let bed: GateBed;
  let tenant: Tenant;
  let api: ShipmentsApi;
  let live: { id: string; datasetId: string };
  let sandbox: { id: string; datasetId: string };

  const get = (path: string, client?: CertPair | null) => callListener(bed.port, bed.certs, { method: 'GET', path, client: client === null ? undefined : (client ?? bed.certs.gateClient) });
  const followUp = (datasetId: string, body: string, options: { client?: CertPair; contentType?: string } = {}) =>
    callListener(bed.port, bed.certs, { method: 'POST', path: `/v0/consignments/${datasetId}/follow-up`, client: options.client ?? bed.certs.gateClient, body, contentType: options.contentType });

  function problem(answer: { status: number; contentType?: string; body: string }, status: number, code: string): void {
    expect(answer.status).toBe(status);
    expect(answer.contentType).toBe('application/problem+xml');
    expect(answer.body).toContain(`<problem xmlns="${PROBLEM_XML_NAMESPACE}">`);
    expect(answer.body).toContain(`<status>${status}</status>`);
    expect(answer.body).toContain(`<code>${code}</code>`);
  }

  beforeAll(async () => {
    bed = await gateBed(backend);
    tenant = await bed.t.newTenant();
    api = shipmentsApi(bed.t, tenant);
    const a = await api.created(fullShipment(), { key: tenant.liveKey, issue: true });
    const b = await api.created(fullShipment(), { key: tenant.testKey, issue: true });
    await bed.runJobs();
    live = { id: a.id, datasetId: datasetIdOf(a) };
    sandbox = { id: b.id, datasetId: datasetIdOf(b) };
    // Both were registered: the sandbox one with the test gate.
    expect(bed.gate.puts.map((p) => p.gate).sort()).toEqual(['live', 'test']);
  });
  afterAll(() => bed?.close());
  beforeEach(() => vi.mocked(recordInspectionView).mockClear());

  describe('client certificates', () => {
    it('refuses a request without a certificate, one of another CA, and one of the gate CA naming someone else', async () => {
      const path = `/v0/consignments/${live.datasetId}?subsetId=EU01`;
      problem(await get(path, null), 401, 'unauthorized');
      problem(await get(path, bed.certs.foreignGateClient), 401, 'unauthorized');
      problem(await get(path, bed.certs.otherClient), 403, 'forbidden');
      problem(await followUp(live.datasetId, 'Please check the seal.', { client: bed.certs.otherClient }), 403, 'forbidden');
      expect(views()).toEqual([]);
    });
  });

  describe('GET /v0/consignments/{datasetId}', () => {
    it('answers the asked subsets as XML valid against consignment-common.xsd, and records the view', async () => {
      const answer = await get(`/v0/consignments/${live.datasetId}?subsetId=identifier&subsetId=EU01`);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^application\/xml/);
      expect(answer.body).toContain('<consignment xmlns="http://efti.eu/v1/consignment/common"');
      expect(await xmllint(answer.body, COMMON_XSD)).toMatchObject({ valid: true });
      expect(views()).toEqual([
        expect.objectContaining({ organization_id: tenant.organizationId, mode: 'live', shipment_id: live.id, channel: 'gate', viewer: GATE_ID, outcome: 'ok', details: { dataset_id: live.datasetId, subsets: ['identifier', 'EU01'] } }),
      ]);
    });

    it('answers 400 without a subset or with an unknown one (ids are case-sensitive), naming it', async () => {
      problem(await get(`/v0/consignments/${live.datasetId}`), 400, 'bad_request');
      const unknown = await get(`/v0/consignments/${live.datasetId}?subsetId=EU01&subsetId=eu01`);
      problem(unknown, 400, 'bad_request');
      expect(unknown.body).toContain('Unknown subset: eu01');
      expect(views().map((v) => [v.outcome, v.details])).toEqual([
        ['bad_request', { dataset_id: live.datasetId, subsets: [] }],
        ['bad_request', { dataset_id: live.datasetId, subsets: ['EU01', 'eu01'] }],
      ]);
    });

    it('answers 404 for an unknown dataset and for a sandbox one', async () => {
      problem(await get('/v0/consignments/7f0c1f9e-3c1b-4a57-9d43-2b0b6c1f0a11?subsetId=EU01'), 404, 'not_found');
      problem(await get(`/v0/consignments/${sandbox.datasetId}?subsetId=EU01`), 404, 'not_found');
      problem(await get('/v0/no-such-route'), 404, 'not_found');
      expect(views()).toEqual([]);
    });
  });

  describe('POST /v0/consignments/{datasetId}/follow-up', () => {
    it('stores the message, appends efti.follow_up_received to the chain and records the view', async () => {
      const message = 'Seal number on the trailer differs from the CMR. Contact the inspection officer: Ünal Øberg.';
      const answer = await followUp(live.datasetId, message);
      expect(answer).toMatchObject({ status: 200, body: '' });

      const [stored] = await selectFollowUps(bed.t.runtime.services.db, { organizationId: tenant.organizationId, mode: 'live' }, live.id);
      expect(stored).toMatchObject({ message, gate_id: GATE_ID, dataset_id: live.datasetId });
      const events = (await api.events(live.id, '', tenant.liveKey)).json().data as { id: string; type: string; data: Record<string, unknown> }[];
      const received = events.find((e) => e.type === 'efti.follow_up_received')!;
      expect(received.data).toMatchObject({ follow_up_id: stored!.id, dataset_id: live.datasetId, gate_id: GATE_ID });
      expect(stored!.event_id).toBe(received.id);
      expect((await api.integrity(live.id, tenant.liveKey)).json().valid).toBe(true);
      expect(views()).toEqual([expect.objectContaining({ shipment_id: live.id, channel: 'gate', viewer: GATE_ID, outcome: 'ok', details: { dataset_id: live.datasetId, follow_up_id: stored!.id } })]);
    });

    it('takes 2 and 10 000 characters, refuses 1 and 10 001, and anything but text/plain', async () => {
      expect((await followUp(live.datasetId, 'ok')).status).toBe(200);
      expect((await followUp(live.datasetId, '€'.repeat(10_000))).status).toBe(200);
      problem(await followUp(live.datasetId, 'x'), 400, 'bad_request');
      problem(await followUp(live.datasetId, 'x'.repeat(10_001)), 400, 'bad_request');
      problem(await followUp(live.datasetId, '{"message":"hello"}', { contentType: 'application/json' }), 415, 'unsupported_media_type');
      const stored = await selectFollowUps(bed.t.runtime.services.db, { organizationId: tenant.organizationId, mode: 'live' }, live.id);
      expect(stored.map((f) => [...f.message].length)).toEqual(expect.arrayContaining([2, 10_000]));
      expect(stored.some((f) => f.message === 'x')).toBe(false);
    });

    it('answers 404 for an unknown dataset and for a sandbox one', async () => {
      problem(await followUp('7f0c1f9e-3c1b-4a57-9d43-2b0b6c1f0a11', 'Hello there'), 404, 'not_found');
      problem(await followUp(sandbox.datasetId, 'Hello there'), 404, 'not_found');
      const stored = await selectFollowUps(bed.t.runtime.services.db, { organizationId: tenant.organizationId, mode: 'test' }, sandbox.id);
      expect(stored).toEqual([]);
    });
  });
});
