/**
 * Registration with the eFTI gate: over mutual TLS to a fake gate that
 * speaks gate-api-for-platform.yaml and checks every PUT against consignment-identifier.xsd with
 * xmllint. At issue (the sample, ADR, combined and cabotage fixtures; a trailer without its
 * registration country is left out of the identifiers), again when the vehicle changes, retried
 * on the webhook schedule through 503s, `failed` with `efti.registration_failed` when the retries
 * run out; sandbox datasets only to the test gate; the gate's whoami naming someone else shows in
 * the health check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mtlsGate } from '../../src/adapters/efti-gate/mtls-https.js';
import { RETRY_DELAYS_MS } from '../../src/modules/webhooks/delivery-policy.js';
import { backends } from '../support/backends.js';
import { datasetIdOf, gateBed, PLATFORM_ID, type GateBed } from '../support/efti-gate-bed.js';
import { adrShipment, cabotageShipment, combinedShipment } from '../support/efti-fixtures.js';
import { parseEftiXml } from '../support/efti-documents.js';
import { startFakeGate } from '../support/fake-efti-gate.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi, type ShipmentsApi } from '../support/shipments-api.js';
import type { Tenant } from '../support/test-app.js';

describe.each(backends())('eFTI gate registration on %s', (backend) => {
  let bed: GateBed;
  let tenant: Tenant;
  let api: ShipmentsApi;
  beforeAll(async () => {
    bed = await gateBed(backend);
    tenant = await bed.t.newTenant();
    api = shipmentsApi(bed.t, tenant);
  });
  afterAll(() => bed?.close());

  async function gateStatusOf(id: string, key = tenant.liveKey): Promise<unknown> {
    return (await api.get(id, key)).json().gate_status;
  }

  it('registers the identifier subset at issue: PUT /v0/consignments/{datasetId}, valid against the XSD, as the platform', async () => {
    const draft = await api.created(fullShipment(), { key: tenant.liveKey });
    expect(draft.gate_status).toBeNull();
    await bed.runJobs();
    expect(bed.gate.puts).toHaveLength(0);

    const issued = (await api.post(draft.id, 'issue', undefined, tenant.liveKey)).json();
    expect(issued.gate_status).toBe('pending');
    await bed.runJobs();
    const datasetId = datasetIdOf(issued);
    const put = bed.gate.puts.at(-1)!;
    expect(put).toMatchObject({ gate: 'live', datasetId, clientCn: PLATFORM_ID, valid: true });
    expect(put.contentType).toMatch(/^application\/xml/);
    expect(put.body).toContain('<id>12-BXL-4</id>');
    expect(await gateStatusOf(draft.id)).toBe('registered');
  });

  it('registers the ADR, combined and cabotage fixtures with identifier documents the gate validates; a trailer without trailer_country is left out, never given the truck\'s', async () => {
    const fixtures = { adr: adrShipment(), combined: combinedShipment(), cabotage: cabotageShipment(), no_trailer_country: fullShipment() };
    const datasets: Record<string, string> = {};
    for (const [name, input] of Object.entries(fixtures)) datasets[name] = datasetIdOf(await api.created(input, { key: tenant.liveKey, issue: true }));
    await bed.runJobs();
    const sent = Object.fromEntries(Object.entries(datasets).map(([name, datasetId]) => [name, bed.gate.puts.find((p) => p.datasetId === datasetId)!]));
    for (const [name, put] of Object.entries(sent)) expect(put.valid, `${name}: ${put.xmllint}`).toBe(true);

    const identifiers = (name: string) => parseEftiXml(sent[name]!.body).consignment;
    expect(identifiers('adr')).toMatchObject({
      mainCarriageTransportMovement: [{ dangerousGoodsIndicator: 'true', modeCode: '3', usedTransportMeans: { id: 'VX-123-B', registrationCountry: { code: 'NL' } } }],
      usedTransportEquipment: [{ id: 'OT-44-RR', registrationCountry: { code: 'NL' } }],
    });
    expect(identifiers('combined')).toMatchObject({
      usedTransportEquipment: [{ id: 'OV-21-TT', registrationCountry: { code: 'BE' }, carriedTransportEquipment: [{ id: 'MSKU1234565' }] }],
    });
    expect(identifiers('cabotage')).toMatchObject({
      mainCarriageTransportMovement: [{ usedTransportMeans: { id: 'GD 4R781', registrationCountry: { code: 'PL' } } }],
      usedTransportEquipment: [{ id: 'ULI 88CA', registrationCountry: { code: 'CZ' } }],
    });
    // The identifier XSD requires the trailer's registration country: without it the trailer is
    // not sent at all (the truck's country would be a guess), and the truck still is.
    expect(identifiers('no_trailer_country')).toMatchObject({ mainCarriageTransportMovement: [{ usedTransportMeans: { id: '12-BXL-4', registrationCountry: { code: 'NL' } } }] });
    expect(identifiers('no_trailer_country').usedTransportEquipment).toBeUndefined();
    expect(sent.no_trailer_country!.body).not.toContain('OR-88-KZ');
  });

  it('sends the identifiers again when the vehicle changes, and not when only the driver does', async () => {
    const shipment = await api.created(fullShipment(), { key: tenant.liveKey, issue: true });
    await bed.runJobs();
    const before = bed.gate.puts.length;

    expect((await api.patch(shipment.id, { driver: { name: 'Someone Else' } }, { key: tenant.liveKey })).json().gate_status).toBe('registered');
    await bed.runJobs();
    expect(bed.gate.puts).toHaveLength(before);

    const patched = await api.patch(shipment.id, { vehicle: { plate: '99-ZZ-11', country: 'NL' } }, { key: tenant.liveKey });
    expect(patched.json().gate_status).toBe('pending');
    await bed.runJobs();
    expect(bed.gate.puts).toHaveLength(before + 1);
    const put = bed.gate.puts.at(-1)!;
    expect(put).toMatchObject({ datasetId: datasetIdOf(shipment), valid: true });
    expect(put.body).toContain('<id>99-ZZ-11</id>');
    expect(await gateStatusOf(shipment.id)).toBe('registered');
  });

  it('retries a gate answering 503 on the webhook schedule, then registers', async () => {
    bed.gate.script.push(503, 503);
    const shipment = await api.created(fullShipment(), { key: tenant.liveKey, issue: true });
    await bed.runJobs();
    expect(await gateStatusOf(shipment.id)).toBe('pending');

    bed.t.clock.advance(RETRY_DELAYS_MS[0] - 1000);
    await bed.runJobs();
    expect(bed.gate.script).toHaveLength(1);
    bed.t.clock.advance(1000);
    await bed.runJobs();
    expect(bed.gate.script).toHaveLength(0);
    expect(await gateStatusOf(shipment.id)).toBe('pending');

    bed.t.clock.advance(RETRY_DELAYS_MS[1]);
    await bed.runJobs();
    expect(await gateStatusOf(shipment.id)).toBe('registered');
    const datasetId = datasetIdOf(shipment);
    expect(bed.gate.puts.filter((p) => p.datasetId === datasetId)).toHaveLength(3);
  });

  it('gives up after eight attempts: failed, with efti.registration_failed in the chain', async () => {
    const shipment = await api.created(fullShipment(), { key: tenant.liveKey, issue: true });
    const datasetId = datasetIdOf(shipment);
    bed.gate.script.push(...Array(RETRY_DELAYS_MS.length + 1).fill(503));
    await bed.runJobs();
    for (const delay of RETRY_DELAYS_MS) {
      expect(await gateStatusOf(shipment.id)).toBe('pending');
      bed.t.clock.advance(delay);
      await bed.runJobs();
    }
    expect(bed.gate.script).toHaveLength(0);
    expect(bed.gate.puts.filter((p) => p.datasetId === datasetId)).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(await gateStatusOf(shipment.id)).toBe('failed');

    const events = (await api.events(shipment.id, '', tenant.liveKey)).json().data as { type: string; data: Record<string, unknown> }[];
    const failed = events.find((e) => e.type === 'efti.registration_failed');
    expect(failed?.data).toMatchObject({ dataset_id: datasetId, gate_url: bed.gate.url, error: 'the gate answered 503' });
    expect((await api.integrity(shipment.id, tenant.liveKey)).json().valid).toBe(true);
  });

  it('sends sandbox datasets to the test gate only', async () => {
    const shipment = await api.created(fullShipment(), { key: tenant.testKey, issue: true });
    await bed.runJobs();
    const datasetId = datasetIdOf(shipment);
    expect(bed.gate.puts.filter((p) => p.datasetId === datasetId).map((p) => p.gate)).toEqual(['test']);
    expect(await gateStatusOf(shipment.id, tenant.testKey)).toBe('registered');
  });

  it('shows the gate in the health check: ok while whoami names our platform, error once it names another', async () => {
    const healthy = await bed.t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(healthy.json().checks).toEqual({ database: 'ok', keyvalue: 'ok', objects: 'ok', gate: 'ok' });

    bed.gate.whoamiAppId = 'another-platform';
    // A success is trusted for a while; the next check after that asks again.
    bed.t.clock.advance(5 * 60_000);
    const mismatch = await bed.t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(mismatch.json().checks.gate).toBe('error');
    // The API stays in rotation: registrations wait in the queue.
    expect(mismatch.statusCode).toBe(200);
    bed.gate.whoamiAppId = undefined;
    expect((await bed.t.app.inject({ method: 'GET', url: '/v1/health' })).json().checks.gate).toBe('ok');
  });

  it('trusts only EFTI_GATE_CA: a gate serving another CA\'s certificate is refused, and so is a client certificate it does not know', async () => {
    const impostor = await startFakeGate(bed.certs, bed.certs.foreignGateServer);
    const options = { clientCert: bed.certs.platform.cert, clientKey: bed.certs.platform.key, gateCa: bed.certs.ca.cert, timeoutMs: 5000, maxAnswerBytes: 4096 };
    const toImpostor = mtlsGate({ ...options, url: impostor.url });
    const asStranger = mtlsGate({ ...options, url: bed.gate.url, clientCert: bed.certs.foreignGateClient.cert, clientKey: bed.certs.foreignGateClient.key });
    const asUs = mtlsGate({ ...options, url: bed.gate.url });
    try {
      await expect(toImpostor.putConsignment('7f0c1f9e-3c1b-4a57-9d43-2b0b6c1f0a11', '<consignment/>')).rejects.toThrow(/self[- ]signed|unable to (verify|get)/i);
      expect(impostor.puts).toHaveLength(0);
      await expect(asStranger.whoami()).rejects.toThrow();
      await expect(asUs.whoami()).resolves.toEqual({ appId: PLATFORM_ID, role: 'PLATFORM' });
    } finally {
      toImpostor.close();
      asStranger.close();
      asUs.close();
      await impostor.close();
    }
  });
});
