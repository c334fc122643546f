/**
 * POST /v1/test/shipments/{id}/simulate: every action through to the proof of delivery and the
 * invoice, with the real flow's traces (note versions, chained events, evidence marked simulated),
 * the sandbox-only rule, and the refusals of bad bodies and of moves the status does not allow.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate, constants, publicDecrypt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POD_PATH } from '../../src/modules/pod/pod.routes.js';
import { SIMULATION_PATHS } from '../../src/modules/simulation/simulation.routes.js';
import { backends } from '../support/backends.js';
import { documentsApi } from '../support/documents-api.js';
import { dutchProfile, invoicesApi } from '../support/invoices-api.js';
import { expectProblem } from '../support/problems.js';
import { fullShipment, minimalShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const dir = mkdtempSync(join(tmpdir(), 'fds-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function pdfText(bytes: Buffer): string {
  const path = join(dir, `doc-${files++}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe.each(backends())('sandbox simulation on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const simulate = (tenant: Tenant, shipmentId: string, body: unknown, key = tenant.testKey, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: SIMULATION_PATHS.simulate.replace(':id', shipmentId), headers: { ...t.auth(key), ...headers }, payload: body as object });
  async function simulated(tenant: Tenant, shipmentId: string, body: unknown) {
    const res = await simulate(tenant, shipmentId, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const signatures = async (tenant: Tenant, id: string) => (await t.app.inject({ method: 'GET', url: `/v1/shipments/${id}/signatures`, headers: t.auth(tenant.testKey) })).json().data;

  it('create → deliver → proof of delivery (JSON and PDF) → invoice; events chained, evidence says simulated', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const draft = await shipments.created(fullShipment());
    const body = await simulated(tenant, draft.id, { action: 'deliver' });
    expect(body.action).toBe('deliver');
    expect(body.performed.map((s: any) => [s.step, s.role ?? null, s.status])).toEqual([
      ['issue', null, 'issued'],
      ['sign', 'consignor', 'issued'],
      ['sign', 'carrier', 'in_transit'],
      ['sign', 'consignee', 'delivered'],
    ]);
    // The answer's shipment is what GET answers.
    expect(body.shipment).toEqual((await shipments.get(draft.id)).json());
    expect(body.shipment.status).toBe('delivered');

    const signed = await signatures(tenant, draft.id);
    expect(signed.map((s: any) => [s.role, s.method, s.level, s.evidence.simulated])).toEqual([
      ['consignor', 'platform', 'platform_auth', true],
      ['carrier', 'platform', 'platform_auth', true],
      ['consignee', 'platform', 'platform_auth', true],
    ]);
    // The party's contact signs, as on the fixture.
    expect(signed[2].signer_name).toBe('Jonas Becker');
    expect(body.performed[3].signature_id).toBe(signed[2].id);

    const pod = await t.app.inject({ method: 'GET', url: POD_PATH.replace(':id', draft.id), headers: t.auth(tenant.testKey) });
    expect(pod.statusCode).toBe(200);
    expect(pod.json().consignee.signature).toMatchObject({ id: signed[2].id, evidence: { simulated: true } });
    const podPdf = await t.app.inject({ method: 'GET', url: POD_PATH.replace(':id', draft.id), headers: { ...t.auth(tenant.testKey), accept: 'application/pdf' } });
    expect(podPdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(podPdf.rawPayload)).toContain('platform (simulated) · platform_auth');

    // The last note version prints the signatures as simulated too.
    const note = await documentsApi(t, tenant).download(body.performed[3].rendered_document_id);
    expect(pdfText(note.rawPayload)).toContain('platform (simulated)');

    const integrity = await shipments.integrity(draft.id);
    expect(integrity.json()).toMatchObject({ valid: true });
    const events = (await shipments.events(draft.id, '?limit=100')).json().data.map((e: any) => e.type);
    expect(events).toEqual(expect.arrayContaining(['shipment.issued', 'signature.completed', 'shipment.in_transit', 'shipment.delivered']));

    const invoices = invoicesApi(t, tenant);
    expect((await invoices.putProfile(dutchProfile())).statusCode).toBe(200);
    expect((await invoices.issue(draft.id)).statusCode).toBe(201);
  });

  it('sign: the next due without a role, a given role, at ades through the sandbox trust service', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const first = await simulated(tenant, shipment.id, { action: 'sign' });
    expect(first.performed).toEqual([expect.objectContaining({ step: 'sign', role: 'consignor', level: 'platform_auth', status: 'issued' })]);
    const carrier = await simulated(tenant, shipment.id, { action: 'sign', role: 'carrier', signer_name: 'Piet Driver' });
    expect(carrier.performed[0]).toMatchObject({ role: 'carrier', status: 'in_transit' });
    expect(carrier.shipment.status).toBe('in_transit');
    expectProblem(await simulate(tenant, shipment.id, { action: 'sign', role: 'carrier' }), 'already_signed');
    const consignee = await simulated(tenant, shipment.id, { action: 'sign', level: 'ades' });
    expect(consignee.performed[0]).toMatchObject({ role: 'consignee', level: 'ades', status: 'delivered' });

    const [, second, third] = await signatures(tenant, shipment.id);
    expect(second).toMatchObject({ signer_name: 'Piet Driver', evidence: { simulated: true } });
    expect(third).toMatchObject({ role: 'consignee', method: 'trust_service', level: 'ades', evidence: { simulated: true, trust_signature: { provider: expect.any(String), signature_value: expect.any(String) } } });
    // The trust service signed the SHA-256 of the version the evidence names: its certificate verifies it.
    const trust = third.evidence.trust_signature;
    const recovered = publicDecrypt({ key: new X509Certificate(Buffer.from(trust.certificate, 'base64')).publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(trust.signature_value, 'base64'));
    expect(recovered.subarray(-32).toString('hex')).toBe(third.evidence.document_sha256);
    expect((await shipmentsApi(t, tenant).integrity(shipment.id)).json().valid).toBe(true);
  });

  it('remark with a generated photo: the photo is a downloadable image document named by the remark', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const body = await simulated(tenant, shipment.id, { action: 'remark', phase: 'pickup', type: 'damage', text: 'Crate cracked.', photo: true });
    const [step] = body.performed;
    expect(step).toMatchObject({ step: 'remark', status: 'issued', remark_id: expect.stringMatching(/^rmk_/), photo_document_id: expect.stringMatching(/^doc_/) });
    const remarks = (await t.app.inject({ method: 'GET', url: `/v1/shipments/${shipment.id}/remarks`, headers: t.auth(tenant.testKey) })).json().data;
    expect(remarks).toEqual([expect.objectContaining({ id: step.remark_id, text: 'Crate cracked.', photo_document_ids: [step.photo_document_id], rendered_document_id: step.rendered_document_id })]);
    const documents = documentsApi(t, tenant);
    expect((await documents.get(step.photo_document_id)).json()).toMatchObject({ kind: 'photo', content_type: 'image/png' });
    const photo = await documents.download(step.photo_document_id);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // A remark the status does not allow leaves no photo behind.
    expectProblem(await simulate(tenant, shipment.id, { action: 'remark', phase: 'delivery', type: 'damage', photo: true }), 'invalid_state');
    expect((await documents.list(shipment.id, '?kind=photo')).json().data).toHaveLength(1);
  });

  it('advance to each reachable status, doing every step on the way; never backwards', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    for (const [to, steps] of [
      ['issued', ['issue']],
      ['in_transit', ['issue', 'sign', 'sign']],
      ['delivered', ['issue', 'sign', 'sign', 'sign']],
      ['cancelled', ['cancel']],
    ] as const) {
      const draft = await shipments.created(minimalShipment());
      const body = await simulated(tenant, draft.id, { action: 'advance', to });
      expect(body.performed.map((s: any) => s.step), to).toEqual(steps);
      expect(body.shipment.status).toBe(to);
    }
    const moving = await shipments.created(minimalShipment(), { issue: true });
    expect((await simulated(tenant, moving.id, { action: 'advance', to: 'in_transit' })).performed.map((s: any) => s.role)).toEqual(['consignor', 'carrier']);
    expectProblem(await simulate(tenant, moving.id, { action: 'advance', to: 'issued' }), 'invalid_transition');
    expectProblem(await simulate(tenant, moving.id, { action: 'advance', to: 'in_transit' }), 'invalid_transition');
    expectProblem(await simulate(tenant, moving.id, { action: 'advance', to: 'cancelled' }), 'invalid_transition');
    expect((await simulated(tenant, moving.id, { action: 'advance', to: 'delivered' })).performed.map((s: any) => s.role)).toEqual(['consignee']);
    expectProblem(await simulate(tenant, moving.id, { action: 'deliver' }), 'invalid_transition');
    expectProblem(await simulate(tenant, moving.id, { action: 'sign' }), 'invalid_transition');
    expectProblem(await simulate(tenant, moving.id, { action: 'remark', phase: 'delivery', type: 'other' }), 'shipment_immutable');
  });

  it('refuses what the real flow refuses: signing a draft or a cancelled shipment', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const draft = await shipments.created(minimalShipment());
    expectProblem(await simulate(tenant, draft.id, { action: 'sign' }), 'invalid_state');
    expectProblem(await simulate(tenant, draft.id, { action: 'sign', role: 'consignee', level: 'ades' }), 'invalid_state');
    const cancelled = await shipments.created(minimalShipment(), { issue: true });
    await shipments.post(cancelled.id, 'cancel', {});
    expectProblem(await simulate(tenant, cancelled.id, { action: 'sign' }), 'invalid_transition');
    expectProblem(await simulate(tenant, cancelled.id, { action: 'sign', role: 'consignor' }), 'shipment_immutable');
    expectProblem(await simulate(tenant, cancelled.id, { action: 'deliver' }), 'invalid_transition');
    expect((await shipments.get(cancelled.id)).json().status).toBe('cancelled');
  });

  it('bad bodies: 422 validation_failed with a finding per field', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const fields = async (body: unknown) => expectProblem(await simulate(tenant, shipment.id, body), 'validation_failed').errors.map((e: any) => [e.path, e.code]);
    expect((await fields({ action: 'teleport' }))[0]?.[0]).toMatch(/action/);
    expect((await fields({}))[0]?.[0]).toMatch(/action/);
    expect(await fields({ action: 'remark', text: 'x' })).toEqual([
      ['$.phase', 'required'],
      ['$.type', 'required'],
    ]);
    expect(await fields({ action: 'advance' })).toEqual([['$.to', 'required']]);
    expect(await fields({ action: 'deliver', role: 'consignee', photo: true })).toEqual([
      ['$.role', 'not_for_action'],
      ['$.photo', 'not_for_action'],
    ]);
    expect((await fields({ action: 'sign', role: 'driver' }))[0]?.[0]).toMatch(/role/);
    expect((await fields({ action: 'sign', colour: 'red' }))[0]?.[0]).toMatch(/colour/);
    expect((await fields({ action: 'advance', to: 'draft' }))[0]?.[0]).toMatch(/to/);
    // Nothing happened.
    expect((await shipmentsApi(t, tenant).get(shipment.id)).json().status).toBe('issued');
    expectProblem(await simulate(tenant, 'shp_42', { action: 'deliver' }), 'invalid_id');
    expectProblem(await simulate(await t.newTenant(), shipment.id, { action: 'deliver' }), 'not_found');
  });

  it('sandbox only: a live key is 403 test_mode_only; Idempotency-Key replays the first answer', async () => {
    const tenant = await t.newTenant({ liveEnabled: true });
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { key: tenant.liveKey });
    expectProblem(await simulate(tenant, shipment.id, { action: 'deliver' }, tenant.liveKey), 'test_mode_only');
    expect((await shipmentsApi(t, tenant).get(shipment.id, tenant.liveKey)).json().status).toBe('draft');

    const sandbox = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const first = await simulate(tenant, sandbox.id, { action: 'sign' }, tenant.testKey, { 'idempotency-key': 'sim-1' });
    const again = await simulate(tenant, sandbox.id, { action: 'sign' }, tenant.testKey, { 'idempotency-key': 'sim-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await signatures(tenant, sandbox.id)).toHaveLength(1);
  });
});
