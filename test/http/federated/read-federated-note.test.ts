/**
 * The grantee's read through the real platform listener (src/platform-listener.ts, started as
 * in production with EFTI_* set, over real mutual TLS): the certificate a delegation names — a
 * certificate of no gate CA — reads the note (the full inspection document plus the delegation and
 * its evidence), while the gate's routes on the same listener refuse that certificate as
 * problem+xml; refusals for another certificate, none at all, another note, a revoked and an
 * expired delegation stay problem+json. Each answer on a delegated note is a `federated` view in
 * the note's inspection log; refusals that name no delegated note are not. Over 60 requests a
 * minute from one certificate: 429, per certificate. The curl walk of
 * docs/federated-access.md is run as written.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_XML_NAMESPACE } from '../../../src/http/problem-xml.js';
import { FEDERATED_REQUESTS, FEDERATED_WINDOW_S } from '../../../src/modules/federated/federated-rate-limit.js';
import { FEDERATED_PATHS } from '../../../src/modules/federated/federated.routes.js';
import { backends } from '../../support/backends.js';
import { delegationsApi, type DelegationsApi } from '../../support/delegations-api.js';
import { datasetIdOf, gateBed, GATE_ID, PLATFORM_ID, type GateBed } from '../../support/efti-gate-bed.js';
import { inspectApi } from '../../support/inspect-api.js';
import { mtlsGet, type ClientCertificate } from '../../support/mtls-client.js';
import { opensslFolder, type MadeCertificate, type OpensslFolder } from '../../support/openssl.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi, type ShipmentsApi } from '../../support/shipments-api.js';
import type { Tenant } from '../../support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const notePath = (shipmentId: string) => FEDERATED_PATHS.note.replace(':id', shipmentId);
const asClient = (made: MadeCertificate): ClientCertificate => ({ cert: made.certificatePem, key: made.keyPem });

describe.each(backends())('federated read on the platform listener on $name', (backend) => {
  let bed: GateBed;
  let ssl: OpensslFolder;
  let tenant: Tenant;
  let grantee: MadeCertificate;
  let other: MadeCertificate;
  let shipments: ShipmentsApi;
  let delegations: DelegationsApi;
  beforeAll(async () => {
    ssl = opensslFolder();
    grantee = ssl.certificate('grantee');
    other = ssl.certificate('other');
    bed = await gateBed(backend);
    tenant = await bed.t.newTenant();
    shipments = shipmentsApi(bed.t, tenant);
    delegations = delegationsApi(bed.t, tenant);
  });
  afterAll(async () => {
    await bed?.close();
    ssl?.remove();
  });

  const read = (shipmentId: string, client?: MadeCertificate) => mtlsGet(bed.port, bed.certs.ca.cert, notePath(shipmentId), client && asClient(client));
  const views = async (shipmentId: string) => {
    const res = await inspectApi(bed.t).views(tenant, shipmentId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>[];
  };
  const delegated = async (days = 30) => {
    const shipment = await shipments.created(fullShipment(), { issue: true });
    return { shipment, delegation: await delegations.granted(shipment.id, grantee, { days }) };
  };

  it('the certificate the delegation names reads the whole inspection document plus the delegation and its evidence; logged as a federated view', async () => {
    const { shipment, delegation } = await delegated();
    const signed = await bed.t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signatures`, headers: bed.t.auth(tenant.testKey), payload: { role: 'consignor', signer_name: 'Sanne de Vries', location: { lat: 51.9, lng: 4.4 } } });
    expect(signed.statusCode, signed.body).toBe(201);
    const res = await read(shipment.id, grantee);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toMatchObject({
      shipment: { id: shipment.id, status: 'issued', mode: 'test' },
      note: { version: 2, data: { consignor: fullShipment().consignor, goods: fullShipment().goods } },
      integrity: { verdict: 'intact' },
      efti: { uil: { gate_id: GATE_ID, platform_id: PLATFORM_ID, dataset_id: datasetIdOf(shipment) } },
      delegation: { id: delegation.id, on_behalf_of: 'carrier', scope: ['read'], expires_at: delegation.expires_at, evidence: delegation.evidence },
    });
    // What the note does not print stays out, as for an inspector.
    expect(body.note.data).not.toHaveProperty('driver');
    expect(body.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    const current = body.versions[1];
    const pdf = await bed.t.app.inject({ method: 'GET', url: current.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(pdf.statusCode).toBe(200);
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(current.sha256);
    expect(body.signatures).toEqual([
      { role: 'consignor', successive_index: null, phase: expect.any(String), level: expect.any(String), method: expect.any(String), signer_name: 'Sanne de Vries', signed_at: expect.any(String), document_sha256: expect.any(String) },
    ]);
    expect(ssl.verifiesJws(body.delegation.evidence)).toMatchObject({ verified: true });
    expect(await views(shipment.id)).toEqual([
      expect.objectContaining({ channel: 'federated', viewer: `platform-${grantee.name}`, outcome: 'ok', details: { delegation_id: delegation.id } }),
    ]);
  });

  it('the gate routes on the same listener refuse the grantee certificate, as problem+xml', async () => {
    const { shipment } = await delegated();
    const res = await mtlsGet(bed.port, bed.certs.ca.cert, `/v0/consignments/${datasetIdOf(shipment)}?subsetId=EU01`, asClient(grantee));
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toBe('application/problem+xml');
    expect(res.body).toContain(`<problem xmlns="${PROBLEM_XML_NAMESPACE}">`);
    expect(res.body).toContain('<code>unauthorized</code>');
    // And the gate's own certificate is no grantee: the federated route answers it in JSON.
    expectProblem(await mtlsGet(bed.port, bed.certs.ca.cert, notePath(shipment.id), bed.certs.gateClient), 'unauthorized');
  });

  it('another certificate, or none: 401 unauthorized, before the path is judged, and not logged', async () => {
    const { shipment } = await delegated();
    expect(expectProblem(await read(shipment.id, other), 'unauthorized').detail).toMatch(/No delegation names this client certificate/);
    expect(expectProblem(await read(shipment.id), 'unauthorized').detail).toMatch(/client certificate/);
    expectProblem(await read('shp_malformed'), 'unauthorized');
    expectProblem(await read('shp_malformed', grantee), 'invalid_id');
    expect(await views(shipment.id)).toEqual([]);
  });

  it('another note, delegated or not to someone else, or none at all: 404 not_found, not logged', async () => {
    await delegated();
    const undelegated = await shipments.created(fullShipment(), { issue: true });
    expectProblem(await read(undelegated.id, grantee), 'not_found');
    const toOther = await shipments.created(fullShipment(), { issue: true });
    await delegations.granted(toOther.id, other);
    expectProblem(await read(toOther.id, grantee), 'not_found');
    expectProblem(await read('shp_01JBZZZZZZZZZZZZZZZZZZZZZZ', grantee), 'not_found');
    expect(await views(undelegated.id)).toEqual([]);
    expect(await views(toOther.id)).toEqual([]);
  });

  it('a revoked delegation: 410 token_revoked, logged; a new grant opens the note again', async () => {
    const { shipment, delegation } = await delegated();
    expect((await delegations.revoke(delegation.id)).statusCode).toBe(204);
    expect(expectProblem(await read(shipment.id, grantee), 'token_revoked').detail).toContain(delegation.id);
    const again = await delegations.granted(shipment.id, grantee);
    expect((await read(shipment.id, grantee)).json().delegation.id).toBe(again.id);
    expect(await views(shipment.id)).toEqual([
      expect.objectContaining({ channel: 'federated', viewer: `platform-${grantee.name}`, outcome: 'ok', details: { delegation_id: again.id } }),
      expect.objectContaining({ channel: 'federated', viewer: `platform-${grantee.name}`, outcome: 'token_revoked', details: { delegation_id: delegation.id } }),
    ]);
  });

  it('an expired delegation: 410 token_expired from the moment of expires_at, logged', async () => {
    const { shipment, delegation } = await delegated(1);
    const clock = bed.t.clock;
    clock.set(new Date(new Date(delegation.expires_at).getTime() - 1000));
    expect((await read(shipment.id, grantee)).statusCode).toBe(200);
    clock.advance(1000);
    expect(expectProblem(await read(shipment.id, grantee), 'token_expired').detail).toContain(delegation.id);
    expect((await delegations.get(delegation.id)).json().status).toBe('expired');
    expect((await views(shipment.id)).map((v) => [v.channel, v.outcome, (v.details as { delegation_id: string }).delegation_id])).toEqual([
      ['federated', 'token_expired', delegation.id],
      ['federated', 'ok', delegation.id],
    ]);
    clock.advance(-DAY_MS);
  });

  it(`over ${FEDERATED_REQUESTS} requests a minute from one certificate: 429 rate_limited with Retry-After, problem+json; other certificates keep their own budget`, async () => {
    const { shipment } = await delegated();
    const busy = ssl.certificate('busy');
    for (let batch = 0; batch < FEDERATED_REQUESTS / 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => read(shipment.id, busy)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(401));
    }
    const refused = await read(shipment.id, busy);
    expect(expectProblem(refused, 'rate_limited').detail).toMatch(/client certificate/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(FEDERATED_WINDOW_S);
    expect((await read(shipment.id, grantee)).statusCode).toBe(200);
  });

  it('the grant names its read_url on the listener (PUBLIC_BASE_URL\'s host, EFTI_PLATFORM_PORT); curl as in docs/federated-access.md reads the note there', async () => {
    const { shipment, delegation } = await delegated();
    const readUrl = new URL(delegation.read_url);
    expect([readUrl.protocol, readUrl.hostname, readUrl.port, readUrl.pathname]).toEqual(['https:', new URL(bed.t.runtime.config.publicBaseUrl).hostname, String(bed.t.runtime.config.efti!.platformPort), notePath(shipment.id)]);
    expect((await delegations.get(delegation.id)).json().read_url).toBe(delegation.read_url);
    // EFTI_PLATFORM_PORT=0 lets the test listener take any free port: put the one it took in the URL.
    readUrl.port = String(bed.port);
    const url = readUrl.href;
    const args = ['--silent', '--show-error', '--cert', join(ssl.dir, 'grantee.crt'), '--key', join(ssl.dir, 'grantee.key'), '--cacert', bed.certs.ca.certPath, '--write-out', '\n%{http_code}', url];
    const { stdout } = await promisify(execFile)('curl', args);
    const status = stdout.slice(stdout.lastIndexOf('\n') + 1);
    expect(status).toBe('200');
    expect(JSON.parse(stdout.slice(0, stdout.lastIndexOf('\n')))).toMatchObject({ shipment: { id: shipment.id }, delegation: { id: delegation.id } });
  });
});
