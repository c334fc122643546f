/**
 * The platform listener as the gate calls it (platform-api-for-gate.yaml) over mutual TLS: only
 * a client certificate of the gate CA naming the gate id is let in (401/403 otherwise, as
 * problem+xml); `GET /v0/consignments/{datasetId}?subsetId=…` answers the asked subsets as XML,
 * with no element of another subset (400 with none or an unknown one, 404 for unknown and sandbox
 * datasets); follow-ups of 2 to 10 000 characters are stored and emitted as
 * `efti.follow_up_received`; every answer on a known dataset is an audit row of the inspection view
 * log (2025/2243 Art. 3: dataset, subsets, time, gate), read back through
 * GET /v1/shipments/{id}/inspection-views as the shipment's owner sees it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { xsdSubsetsByPath } from '../../scripts/efti-schema.js';
import { PROBLEM_XML_NAMESPACE } from '../../src/http/problem-xml.js';
import { selectFollowUps } from '../../src/modules/efti/gate/gate.repository.js';
import { backends } from '../support/backends.js';
import type { CertPair } from '../support/efti-certs.js';
import { datasetIdOf, gateBed, GATE_ID, type GateBed } from '../support/efti-gate-bed.js';
import { elementPaths, parseEftiXml } from '../support/efti-documents.js';
import { callListener, COMMON_XSD, xmllint } from '../support/fake-efti-gate.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi, type ShipmentsApi } from '../support/shipments-api.js';
import type { Tenant } from '../support/test-app.js';

interface ListedView {
  id: string;
  shipment_id: string;
  viewed_at: string;
  channel: string;
  ip: string | null;
  outcome: string;
  viewer: string | null;
  details: Record<string, unknown>;
}

describe.each(backends())('eFTI platform listener on %s', (backend) => {
  let bed: GateBed;
  let tenant: Tenant;
  let api: ShipmentsApi;
  let live: { id: string; datasetId: string };
  let sandbox: { id: string; datasetId: string };
  /** How many views each shipment had when the running test began. */
  let seen: Record<'live' | 'sandbox', number>;

  /** The shipment's views, oldest first, as its owner lists them. */
  async function listedViews(which: 'live' | 'sandbox'): Promise<ListedView[]> {
    const [shipment, key] = which === 'live' ? [live, tenant.liveKey] : [sandbox, tenant.testKey];
    const res = await bed.t.app.inject({ method: 'GET', url: `/v1/shipments/${shipment.id}/inspection-views?order=asc&limit=100`, headers: bed.t.auth(key) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().has_more).toBe(false);
    return res.json().data as ListedView[];
  }
  /** The views the running test wrote. */
  const views = async (which: 'live' | 'sandbox' = 'live') => (await listedViews(which)).slice(seen[which]);

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
  beforeEach(async () => {
    seen = { live: (await listedViews('live')).length, sandbox: (await listedViews('sandbox')).length };
  });

  describe('client certificates', () => {
    it('refuses a request without a certificate, one of another CA, and one of the gate CA naming someone else', async () => {
      const path = `/v0/consignments/${live.datasetId}?subsetId=EU01`;
      problem(await get(path, null), 401, 'unauthorized');
      problem(await get(path, bed.certs.foreignGateClient), 401, 'unauthorized');
      problem(await get(path, bed.certs.otherClient), 403, 'forbidden');
      problem(await followUp(live.datasetId, 'Please check the seal.', { client: bed.certs.otherClient }), 403, 'forbidden');
      expect(await views()).toEqual([]);
    });
  });

  describe('GET /v0/consignments/{datasetId}', () => {
    it('answers the asked subsets as XML valid against consignment-common.xsd, and records the view', async () => {
      const answer = await get(`/v0/consignments/${live.datasetId}?subsetId=identifier&subsetId=EU01`);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^application\/xml/);
      expect(answer.body).toContain('<consignment xmlns="http://efti.eu/v1/consignment/common"');
      expect(await xmllint(answer.body, COMMON_XSD)).toMatchObject({ valid: true });
      expect(await views()).toEqual([
        expect.objectContaining({
          shipment_id: live.id,
          viewed_at: bed.t.clock.now().toISOString(),
          channel: 'gate',
          ip: '127.0.0.1',
          viewer: GATE_ID,
          outcome: 'ok',
          details: { dataset_id: live.datasetId, subsets: ['identifier', 'EU01'] },
        }),
      ]);
    });

    it('answers only the elements of the asked subsets: identifier leaves out the consignor, which EU01 carries', async () => {
      const annotated = xsdSubsetsByPath();
      const answers: Record<string, ReturnType<typeof parseEftiXml>['consignment']> = {};
      for (const subset of ['identifier', 'EU01']) {
        const answer = await get(`/v0/consignments/${live.datasetId}?subsetId=${subset}`);
        expect(answer.status).toBe(200);
        expect(await xmllint(answer.body, COMMON_XSD)).toMatchObject({ valid: true });
        const { consignment } = parseEftiXml(answer.body);
        // Read from the XSD itself: every element written is one it annotates for the subset.
        expect([...elementPaths(consignment)].filter((path) => !annotated.get(path)?.has(subset))).toEqual([]);
        answers[subset] = consignment;
      }
      expect(answers.identifier!.consignor).toBeUndefined();
      expect(answers.identifier).toMatchObject({ mainCarriageTransportMovement: [{ usedTransportMeans: { id: '12-BXL-4' } }] });
      // 36 characters: split at the last space before 35 (Annex an..35), never truncated.
      expect(answers.EU01!.consignor).toMatchObject({ name: ['Havenbedrijf Noordzee Logistics', 'B.V.'] });
      expect((await views()).map((v) => v.details.subsets)).toEqual([['identifier'], ['EU01']]);
    });

    it('answers 400 without a subset or with an unknown one (ids are case-sensitive), naming it', async () => {
      problem(await get(`/v0/consignments/${live.datasetId}`), 400, 'bad_request');
      const unknown = await get(`/v0/consignments/${live.datasetId}?subsetId=EU01&subsetId=eu01`);
      problem(unknown, 400, 'bad_request');
      expect(unknown.body).toContain('Unknown subset: eu01');
      expect((await views()).map((v) => [v.channel, v.viewer, v.outcome, v.details])).toEqual([
        ['gate', GATE_ID, 'bad_request', { dataset_id: live.datasetId, subsets: [] }],
        ['gate', GATE_ID, 'bad_request', { dataset_id: live.datasetId, subsets: ['EU01', 'eu01'] }],
      ]);
    });

    it('answers 404 for an unknown dataset and for a sandbox one', async () => {
      problem(await get('/v0/consignments/7f0c1f9e-3c1b-4a57-9d43-2b0b6c1f0a11?subsetId=EU01'), 404, 'not_found');
      problem(await get(`/v0/consignments/${sandbox.datasetId}?subsetId=EU01`), 404, 'not_found');
      problem(await get('/v0/no-such-route'), 404, 'not_found');
      expect(await views()).toEqual([]);
      expect(await views('sandbox')).toEqual([]);
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
      expect(await views()).toEqual([expect.objectContaining({ shipment_id: live.id, channel: 'gate', viewer: GATE_ID, outcome: 'ok', details: { dataset_id: live.datasetId, follow_up_id: stored!.id } })]);
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
      // Refusals on a known dataset are audit rows too.
      expect((await views()).map((v) => [v.outcome, Object.keys(v.details)])).toEqual([
        ['ok', ['dataset_id', 'follow_up_id']],
        ['ok', ['dataset_id', 'follow_up_id']],
        ['bad_request', ['dataset_id']],
        ['bad_request', ['dataset_id']],
        ['unsupported_media_type', ['dataset_id']],
      ]);
    });

    it('answers 404 for an unknown dataset and for a sandbox one', async () => {
      problem(await followUp('7f0c1f9e-3c1b-4a57-9d43-2b0b6c1f0a11', 'Hello there'), 404, 'not_found');
      problem(await followUp(sandbox.datasetId, 'Hello there'), 404, 'not_found');
      const stored = await selectFollowUps(bed.t.runtime.services.db, { organizationId: tenant.organizationId, mode: 'test' }, sandbox.id);
      expect(stored).toEqual([]);
      expect(await views('sandbox')).toEqual([]);
    });
  });
});
