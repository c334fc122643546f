/**
 * Identification for sign links at `ades` and `qes` (service description, Authentication 9), in
 * sandbox, where the trust service simulator identifies and signs: the identification token works
 * once, for 15 minutes under the injected clock, only for its link; missing it is
 * `identification_required`, anything else `identification_invalid`; checks run token, OTP,
 * identification, document version. Live without a provider is `qtsp_unavailable` while
 * `platform_auth` keeps working.
 */
import { X509Certificate, constants, createHash, publicDecrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { signLinksApi } from '../../support/sign-links-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const MINUTE = 60_000;

describe.each(backends())('identification on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const issued = async (tenant: Tenant, key = tenant.testKey) => (await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true, key })).id;
  const sign = (tenant: Tenant) => signLinksApi(t, tenant);

  it('a qes link in sandbox: identify at the simulator, then the signature is the trust service\'s over the version shown', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const api = sign(tenant);
    const link = await api.link(shipment, { role: 'consignor', level: 'qes' });
    expect(link.level).toBe('qes');
    expect((await api.context(link.token)).json()).toMatchObject({ level: 'qes', identification_required: true });

    const identified = await api.identify(link.token);
    expect(identified.statusCode).toBe(201);
    const body = identified.json();
    expect(body).toEqual({ identification_token: expect.stringMatching(/^idt_[A-Za-z0-9_-]{43}$/), expires_at: new Date(t.clock.now().getTime() + 15 * MINUTE).toISOString(), provider: 'sandbox-simulator', level: 'qes' });
    // Stored only as its hash.
    const row = await t.runtime.services.db.selectFrom('sign_identifications').selectAll().where('signature_request_id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(body.identification_token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(body.identification_token);

    expectProblem(await api.submit(link.token), 'identification_required');
    // Signed in the name identified (however spaced or capitalised), not another.
    const other = expectProblem(await api.submit(link.token, { identification_token: body.identification_token, signer_name: 'Pieter Jansen' }), 'validation_failed');
    expect(other.errors[0].path).toBe('$.signer_name');
    expect(other.errors[0].message).toBe('Must be the name the signer was identified with.');
    const shown = (await api.context(link.token)).json().document;
    const signed = await api.submit(link.token, { identification_token: body.identification_token, signer_name: ' sanne  de VRIES' });
    expect(signed.statusCode).toBe(201);
    expect(signed.json()).toMatchObject({
      role: 'consignor',
      method: 'trust_service',
      level: 'qes',
      evidence: {
        document_id: shown.id,
        document_sha256: shown.sha256,
        identification_reference: row.id,
        trust_signature: { provider: 'sandbox-simulator', credential_id: 'sandbox-qes', hash_algorithm: '2.16.840.1.101.3.4.2.1', sign_algorithm: '1.2.840.113549.1.1.1', signature_value: expect.stringMatching(/^[A-Za-z0-9+/]{300,}={0,2}$/) },
      },
    });
    expect(row.id).toMatch(/^idn_/);
    // The evidence carries the credential's certificate: the signature value verifies with it
    // alone, over the SHA-256 of the version shown, without asking the trust service.
    const evidence = signed.json().evidence.trust_signature;
    const certificate = new X509Certificate(Buffer.from(evidence.certificate, 'base64'));
    const digestInfoSha256 = Buffer.from('3031300d060960864801650304020105000420', 'hex');
    const recovered = publicDecrypt({ key: certificate.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(evidence.signature_value, 'base64'));
    expect(recovered.equals(Buffer.concat([digestInfoSha256, Buffer.from(shown.sha256, 'hex')]))).toBe(true);
    expect((await api.signatures(shipment)).json().data[0]).toMatchObject({ method: 'trust_service', evidence: { identification_reference: row.id, trust_signature: { certificate: evidence.certificate } } });
    const used = await t.runtime.services.db.selectFrom('sign_identifications').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(used).toMatchObject({ used_at: t.clock.now(), activation_sealed: null });
  });

  it('the token works once, only for its link: reuse on another link, a token of another link, an unknown one are identification_invalid', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const api = sign(tenant);
    const consignor = await api.link(shipment, { role: 'consignor', level: 'ades' });
    const carrier = await api.link(shipment, { role: 'carrier', level: 'ades' });
    const forConsignor = (await api.identify(consignor.token)).json().identification_token;
    const forCarrier = (await api.identify(carrier.token)).json().identification_token;
    expectProblem(await api.submit(carrier.token, { identification_token: forConsignor }), 'identification_invalid');
    expectProblem(await api.submit(carrier.token, { identification_token: 'idt_unknown' }), 'identification_invalid');
    expect((await api.submit(consignor.token, { identification_token: forConsignor })).statusCode).toBe(201);
    // Spent: it opens nothing any more.
    expectProblem(await api.submit(carrier.token, { identification_token: forConsignor }), 'identification_invalid');
    const signed = await api.submit(carrier.token, { identification_token: forCarrier });
    expect(signed.statusCode).toBe(201);
    expect(signed.json()).toMatchObject({ level: 'ades', method: 'trust_service', evidence: { trust_signature: { credential_id: 'sandbox-ades' } } });
    expect((await shipmentsApi(t, tenant).get(shipment)).json().status).toBe('in_transit');
  });

  it('an identification lasts 15 minutes under the injected clock', async () => {
    const tenant = await t.newTenant();
    const api = sign(tenant);
    const link = await api.link(await issued(tenant), { role: 'consignor', level: 'ades' });
    const old = (await api.identify(link.token)).json().identification_token;
    t.clock.advance(15 * MINUTE + 1000);
    expectProblem(await api.submit(link.token, { identification_token: old }), 'identification_invalid');
    const fresh = (await api.identify(link.token)).json().identification_token;
    t.clock.advance(15 * MINUTE - 1000);
    expect((await api.submit(link.token, { identification_token: fresh })).statusCode).toBe(201);
  });

  it('at most 5 identifications per link in 15 minutes: the sixth is rate_limited with Retry-After; other links are not held back', async () => {
    const tenant = await t.newTenant();
    const api = sign(tenant);
    const shipment = await issued(tenant);
    const link = await api.link(shipment, { role: 'consignor', level: 'ades' });
    for (let i = 0; i < 5; i++) expect((await api.identify(link.token)).statusCode).toBe(201);
    const sixth = await api.identify(link.token);
    expectProblem(sixth, 'rate_limited');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The identifications already given still sign; another link identifies as usual.
    const carrier = await api.link(shipment, { role: 'carrier', level: 'ades' });
    expect((await api.identify(carrier.token)).statusCode).toBe(201);
  });

  it('checks run in order: token, one-time password, identification, document version; a stale view keeps the identification', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const api = sign(tenant);
    const link = await api.link(shipment, { role: 'consignor', level: 'qes', otp_required: true });
    const seen = (await api.context(link.token)).json().document;
    // Meanwhile the carrier signs through the API: version 2, so `seen` is stale.
    await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment}/signatures`, headers: t.auth(tenant.testKey), payload: { role: 'carrier', signer_name: 'Pieter Jansen' } });
    expectProblem(await api.submit(link.token, {}, seen), 'otp_invalid');
    const otp = (await t.app.inject({ method: 'POST', url: `/v1/sign/${link.token}/otp/verify`, payload: { code: '000000' } })).json().otp_verified_token;
    expectProblem(await api.submit(link.token, { otp_verified_token: otp }, seen), 'identification_required');
    const idt = (await api.identify(link.token)).json().identification_token;
    expectProblem(await api.submit(link.token, { otp_verified_token: otp, identification_token: 'idt_wrong' }, seen), 'identification_invalid');
    expectProblem(await api.submit(link.token, { otp_verified_token: otp, identification_token: idt }, seen), 'conflict');
    // Reloaded: the same identification signs the new version.
    const signed = await api.submit(link.token, { otp_verified_token: otp, identification_token: idt });
    expect(signed.statusCode).toBe(201);
    expect(signed.json().evidence).toMatchObject({ otp_reference: `otp:${link.id}`, identification_reference: expect.stringMatching(/^idn_/) });
    expect(signed.json().evidence.document_sha256).not.toBe(seen.sha256);
    // The token comes first: a used link is already_signed whatever else is wrong.
    expectProblem(await api.submit(link.token, {}, seen), 'already_signed');
  });

  it('identification follows the link\'s state and level: platform_auth is a conflict; used, revoked, replaced, expired, unknown as everywhere', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const api = sign(tenant);
    const plain = await api.link(shipment, { role: 'consignor' });
    expect((await api.context(plain.token)).json()).toMatchObject({ level: 'platform_auth', identification_required: false });
    expectProblem(await api.identify(plain.token), 'conflict');
    // platform_auth signs without one.
    expect((await api.submit(plain.token)).statusCode).toBe(201);
    expectProblem(await api.identify(plain.token), 'already_signed');

    const first = await api.link(shipment, { role: 'carrier', level: 'ades' });
    const second = await api.link(shipment, { role: 'carrier', level: 'ades' });
    expectProblem(await api.identify(first.token), 'token_rotated');
    await t.app.inject({ method: 'POST', url: `/v1/signature-requests/${second.id}/revoke`, headers: t.auth(tenant.testKey) });
    expectProblem(await api.identify(second.token), 'token_revoked');
    const short = await api.link(shipment, { role: 'carrier', level: 'ades' });
    t.clock.advance(73 * 60 * MINUTE);
    expectProblem(await api.identify(short.token), 'token_expired');
    expectProblem(await api.identify('no-such-token'), 'not_found');
  });

  it('a bad body is validation_failed; the simulator\'s documented trigger (born 1900-01-01) is refused: qtsp_unavailable', async () => {
    const tenant = await t.newTenant();
    const api = sign(tenant);
    const link = await api.link(await issued(tenant), { role: 'consignor', level: 'qes' });
    for (const body of [{ signer_name: 'Sanne de Vries', birth_date: '1984-02-30' }, { signer_name: '', birth_date: '1984-03-09' }, { birth_date: '1984-03-09' }, { signer_name: 'S', birth_date: '09-03-1984' }]) {
      expectProblem(await api.identify(link.token, body), 'validation_failed');
    }
    const refused = expectProblem(await api.identify(link.token, { signer_name: 'Sanne de Vries', birth_date: '1900-01-01' }), 'qtsp_unavailable');
    expect(refused.detail).toContain('1900-01-01');
    expect(await t.runtime.services.db.selectFrom('sign_identifications').selectAll().where('signature_request_id', '=', link.id).execute()).toEqual([]);
  });

  it('live without a provider: ades and qes are qtsp_unavailable at request and identification; platform_auth works; sandbox still signs ades', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant, tenant.liveKey);
    const live = sign(tenant);
    for (const level of ['ades', 'qes']) {
      expectProblem(await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment}/signature-requests`, headers: t.auth(tenant.liveKey), payload: { role: 'consignor', channel: 'email', recipient: 'a@b.example', level } }), 'qtsp_unavailable');
    }
    const plain = await live.link(shipment, { role: 'consignor' }, tenant.liveKey);
    // A live ades link made while a provider was configured, which is gone now.
    const carrier = await live.link(shipment, { role: 'carrier' }, tenant.liveKey);
    await t.runtime.services.db.updateTable('signature_requests').set({ level: 'ades' }).where('id', '=', carrier.id).execute();
    expectProblem(await live.identify(carrier.token), 'qtsp_unavailable');
    expect((await live.submit(plain.token)).statusCode).toBe(201);

    const sandbox = await live.link(await issued(tenant), { role: 'consignor', level: 'ades' });
    expect((await live.identify(sandbox.token)).json().provider).toBe('sandbox-simulator');
  });
});
