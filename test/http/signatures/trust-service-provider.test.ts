/**
 * Live `ades`/`qes` signing through a configured trust service provider (QTSP_URL …), a fake CSC
 * API v2 service on 127.0.0.1: the provider identifies the signer and signs the SHA-256 of the
 * exact PDF version shown, verifiable under its certificate. A refusal or no answer is 503
 * `qtsp_unavailable` — at identification, and at submit with nothing recorded.
 */
import { createHash, verify, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { startFakeCscServer, type FakeCscServer } from '../../support/csc-server.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { signLinksApi } from '../../support/sign-links-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('live signing through a trust service provider on $name', (backend) => {
  let t: TestApp;
  let csc: FakeCscServer;
  beforeAll(async () => {
    csc = await startFakeCscServer();
    csc.people.add('Sanne de Vries|1984-03-09');
    t = await buildTestApp(backend, { env: { QTSP_URL: csc.url, QTSP_TOKEN: csc.token, QTSP_CREDENTIAL_ID: csc.credentialId } });
  });
  afterAll(async () => {
    await t?.close();
    await csc?.close();
  });

  const liveLink = async (tenant: Tenant, level: 'ades' | 'qes') => {
    const shipment = (await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true, key: tenant.liveKey })).id;
    return { shipment, link: await signLinksApi(t, tenant).link(shipment, { role: 'consignor', level }, tenant.liveKey) };
  };

  it('the provider identifies the signer and signs the SHA-256 of the PDF shown; the value verifies under its certificate', async () => {
    const tenant = await t.newTenant();
    const api = signLinksApi(t, tenant);
    const { shipment, link } = await liveLink(tenant, 'qes');
    expect(link.level).toBe('qes');
    const identified = await api.identify(link.token);
    expect(identified.statusCode).toBe(201);
    expect(identified.json()).toMatchObject({ provider: 'Fake QTSP', level: 'qes' });
    const pdf = await api.shownPdf(link.token);
    const signed = await api.submit(link.token, { identification_token: identified.json().identification_token });
    expect(signed.statusCode).toBe(201);
    const evidence = signed.json().evidence;
    expect(signed.json()).toMatchObject({ method: 'trust_service', level: 'qes' });
    expect(evidence.document_sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(evidence.trust_signature).toMatchObject({ provider: 'Fake QTSP', credential_id: csc.credentialId, provider_reference: expect.stringMatching(/^sad-sha256:[0-9a-f]{32}$/) });
    const publicKey = new X509Certificate(Buffer.from(csc.certificate, 'base64')).publicKey;
    expect(verify('sha256', pdf, publicKey, Buffer.from(evidence.trust_signature.signature_value, 'base64'))).toBe(true);
    const signHash = csc.calls.filter((c) => c.method === 'signatures/signHash').at(-1)!;
    expect(signHash.body.hashes).toEqual([createHash('sha256').update(pdf).digest('base64')]);
    expect((await api.signatures(shipment, tenant.liveKey)).json().data).toHaveLength(1);
  });

  it('a signer the provider does not identify: qtsp_unavailable, without the provider\'s reason in live', async () => {
    const tenant = await t.newTenant();
    const { link } = await liveLink(tenant, 'ades');
    const refused = expectProblem(await signLinksApi(t, tenant).identify(link.token, { signer_name: 'Someone Else', birth_date: '1970-01-01' }), 'qtsp_unavailable');
    expect(refused.detail).not.toContain('authData');
  });

  it('the provider refuses to sign: qtsp_unavailable and nothing recorded; the identification still signs once the provider does', async () => {
    const tenant = await t.newTenant();
    const api = signLinksApi(t, tenant);
    const { shipment, link } = await liveLink(tenant, 'qes');
    const idt = (await api.identify(link.token)).json().identification_token;
    csc.refuse.add('signatures/signHash');
    try {
      expectProblem(await api.submit(link.token, { identification_token: idt }), 'qtsp_unavailable');
    } finally {
      csc.refuse.delete('signatures/signHash');
    }
    expect((await api.signatures(shipment, tenant.liveKey)).json().data).toEqual([]);
    expect((await shipmentsApi(t, tenant).get(shipment, tenant.liveKey)).json().status).toBe('issued');
    expect((await t.app.inject({ method: 'GET', url: `/v1/signature-requests/${link.id}`, headers: t.auth(tenant.liveKey) })).json().status).toBe('pending');
    expect((await api.submit(link.token, { identification_token: idt })).statusCode).toBe(201);
  });

  it('sandbox requests of the same deployment never reach the provider', async () => {
    const tenant = await t.newTenant();
    const api = signLinksApi(t, tenant);
    const shipment = (await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true })).id;
    const link = await api.link(shipment, { role: 'consignor', level: 'qes' });
    const before = csc.calls.length;
    expect((await api.identify(link.token)).json().provider).toBe('sandbox-simulator');
    expect(csc.calls.length).toBe(before);
  });
});

describe('live signing when the provider does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) on the loopback: nothing listens, the connection is refused.
    t = await buildTestApp(backends()[0]!, { env: { QTSP_URL: 'http://127.0.0.1:9', QTSP_TOKEN: 'token', QTSP_CREDENTIAL_ID: 'cred' } });
  });
  afterAll(() => t?.close());

  it('requests at ades are accepted (a provider is configured) but identification is qtsp_unavailable', async () => {
    const tenant = await t.newTenant();
    const shipment = (await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true, key: tenant.liveKey })).id;
    const link = await signLinksApi(t, tenant).link(shipment, { role: 'consignor', level: 'ades' }, tenant.liveKey);
    expectProblem(await signLinksApi(t, tenant).identify(link.token), 'qtsp_unavailable');
  });
});
