/**
 * Delegations from the grantor's side (federated access): a grant with its evidence — a JWS that
 * `openssl` verifies under the seal certificate in its `x5c`, with the claims the grantee relies
 * on — its chained event, the list and one delegation, revocation (chained, once), idempotent
 * grants, and every refusal: the expiry window, the certificate, the scope, the party, a draft.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { delegationsApi } from '../../support/delegations-api.js';
import { opensslFolder, type MadeCertificate, type OpensslFolder } from '../../support/openssl.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

describe.each(backends())('delegations on $name', (backend) => {
  let t: TestApp;
  let ssl: OpensslFolder;
  let grantee: MadeCertificate;
  beforeAll(async () => {
    // Certificates first: they are valid from the moment openssl made them, the app's clock starts after.
    ssl = opensslFolder();
    grantee = ssl.certificate('grantee');
    t = await buildTestApp(backend);
  });
  afterAll(async () => {
    await t.close();
    ssl.remove();
  });

  const setup = async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const shipment = await shipments.created(fullShipment(), { issue: true });
    return { tenant, shipments, shipment, delegations: delegationsApi(t, tenant) };
  };

  it('grants: 201 with a dlg_ id and evidence that openssl verifies under the seal certificate, over the note version, grantor, thumbprint, scope and expiry', async () => {
    const { tenant, shipment, delegations } = await setup();
    const notes = (await t.app.inject({ method: 'GET', url: `/v1/shipments/${shipment.id}/documents?kind=consignment_note`, headers: t.auth(tenant.testKey) })).json().data;
    const body = delegations.body(grantee, { overrides: { scope: ['read', 'remarks'], on_behalf_of: 'consignee' } });
    const res = await delegations.grant(shipment.id, body);
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json();
    expect(d.id).toMatch(/^dlg_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    const thumbprint = execFileSync('sh', ['-c', `openssl x509 -in ${join(ssl.dir, 'grantee.crt')} -outform DER | openssl dgst -sha256 -binary | base64 | tr '+/' '-_' | tr -d '='`], { encoding: 'utf8' }).trim();
    expect(d).toMatchObject({
      shipment_id: shipment.id,
      grantee: { name: 'Platform grantee', platform_id: 'platform-grantee', certificate_sha256: thumbprint },
      on_behalf_of: 'consignee',
      scope: ['read', 'remarks'],
      note: { version: 1, sha256: notes[0].sha256 },
      status: 'active',
      expires_at: body.expires_at,
      revoked_at: null,
      granted_by_key_id: tenant.testKeyId,
      // No EFTI_* here, so no platform listener to read through: the grant stands, without a read_url.
      read_url: null,
      created_at: t.clock.now().toISOString(),
    });

    // The evidence: header with the seal certificate, claims as documented.
    const [header, payload] = d.evidence.split('.');
    const seal = await t.runtime.services.db.selectFrom('service_secrets').select('value').where('name', '=', 'seal_certificate').executeTakeFirstOrThrow();
    const sealDer = Buffer.from(seal.value.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64').toString('base64');
    expect(decode(header)).toEqual({ alg: 'RS256', typ: 'delegation+jwt', x5c: [sealDer] });
    expect(decode(payload)).toEqual({
      iss: t.runtime.services.publicBaseUrl,
      jti: d.id,
      sub: shipment.id,
      iat: Math.floor(t.clock.now().getTime() / 1000),
      exp: Math.floor(new Date(body.expires_at as string).getTime() / 1000),
      mode: 'test',
      note: { version: 1, sha256: notes[0].sha256 },
      grantor: { organization_id: tenant.organizationId, role: 'consignee', key_id: tenant.testKeyId },
      grantee: { name: 'Platform grantee', platform_id: 'platform-grantee' },
      cnf: { 'x5t#S256': thumbprint },
      scope: 'read remarks',
    });
    expect(ssl.verifiesJws(d.evidence)).toMatchObject({ verified: true });
    // A claim changed after signing does not verify: openssl really checks.
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...decode(payload), scope: 'read remarks admin' })).toString('base64url')}.${d.evidence.split('.')[2]}`;
    expect(ssl.verifiesJws(forged).verified).toBe(false);
  });

  it('grant and revoke are chained events; revoking again adds none; the chain stays intact; list and get show the status', async () => {
    const { shipment, shipments, delegations } = await setup();
    const d = await delegations.granted(shipment.id, grantee);
    const events = async () => (await shipments.events(shipment.id)).json().data as { id: string; type: string; seq: number; data: Record<string, unknown> }[];
    const afterGrant = await events();
    expect(afterGrant.at(-1)).toMatchObject({
      id: d.event_id,
      type: 'delegation.granted',
      data: { shipment_id: shipment.id, status: 'issued', seq: afterGrant.length, delegation_id: d.id, on_behalf_of: 'carrier', grantee_platform_id: 'platform-grantee', certificate_sha256: d.grantee.certificate_sha256, scope: ['read'], expires_at: d.expires_at, note_version: 1 },
    });
    expect(afterGrant.at(-1)!.data.evidence_sha256).toMatch(/^[0-9a-f]{64}$/);

    t.clock.advance(60_000);
    expect((await delegations.revoke(d.id)).statusCode).toBe(204);
    const afterRevoke = await events();
    expect(afterRevoke).toHaveLength(afterGrant.length + 1);
    expect(afterRevoke.at(-1)).toMatchObject({ type: 'delegation.revoked', data: { delegation_id: d.id, seq: afterGrant.length + 1 } });
    expect((await delegations.revoke(d.id)).statusCode).toBe(204);
    expect(await events()).toHaveLength(afterRevoke.length);
    expect((await shipments.integrity(shipment.id)).json()).toMatchObject({ valid: true, events_checked: afterRevoke.length, first_bad_seq: null });

    expect((await delegations.get(d.id)).json()).toMatchObject({ id: d.id, status: 'revoked', revoked_at: t.clock.now().toISOString(), evidence: d.evidence });
    const second = await delegations.granted(shipment.id, grantee, { days: 1 });
    const page = (await delegations.list(shipment.id, '?limit=1')).json();
    expect(page).toMatchObject({ has_more: true, data: [{ id: second.id, status: 'active' }] });
    const rest = (await delegations.list(shipment.id, `?limit=1&cursor=${page.next_cursor}`)).json();
    expect(rest).toMatchObject({ has_more: false, next_cursor: null, data: [{ id: d.id, status: 'revoked' }] });
  });

  it('honours Idempotency-Key: the same grant twice is one delegation and one event', async () => {
    const { shipment, shipments, delegations } = await setup();
    const body = delegations.body(grantee);
    const first = await delegations.grant(shipment.id, body, { 'idempotency-key': 'grant-1' });
    const again = await delegations.grant(shipment.id, body, { 'idempotency-key': 'grant-1' });
    expect(first.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect((await shipments.events(shipment.id)).json().data.filter((e: { type: string }) => e.type === 'delegation.granted')).toHaveLength(1);
    expect((await delegations.list(shipment.id)).json().data).toHaveLength(1);
  });

  describe('validation_failed', () => {
    const refused = async (overrides: Record<string, unknown>, days?: number) => {
      const { shipment, delegations } = await setup();
      const body = expectProblem(await delegations.grant(shipment.id, delegations.body(grantee, { days, overrides })), 'validation_failed');
      expect((await delegations.list(shipment.id)).json().data).toEqual([]);
      return body;
    };

    it('expires_at more than 90 days ahead, or not in the future', async () => {
      expect((await refused({}, 91)).errors).toMatchObject([{ path: '$.expires_at', code: 'out_of_range' }]);
      expect((await refused({ expires_at: new Date(t.clock.now().getTime() - 1000).toISOString() })).errors).toMatchObject([{ path: '$.expires_at', code: 'out_of_range' }]);
      // Exactly 90 days is allowed.
      const { shipment, delegations } = await setup();
      expect((await delegations.grant(shipment.id, delegations.body(grantee, { overrides: { expires_at: new Date(t.clock.now().getTime() + 90 * DAY_MS).toISOString() } }))).statusCode).toBe(201);
    });

    it('a certificate that is not one PEM X.509 certificate valid now: garbage, a private key, an expired one', async () => {
      const withCertificate = (certificate: string) => ({ grantee: { name: 'X', platform_id: 'x', certificate } });
      const garbage = await refused(withCertificate('-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n'));
      expect(garbage.errors).toMatchObject([{ path: '$.grantee.certificate', code: 'invalid_certificate' }]);
      expect(garbage.errors[0].message).toMatch(/does not decode/);
      expect((await refused(withCertificate(grantee.keyPem))).errors).toMatchObject([{ path: '$.grantee.certificate', code: 'invalid_certificate' }]);
      expect((await refused(withCertificate(`${grantee.certificatePem}${grantee.certificatePem}`))).errors).toMatchObject([{ path: '$.grantee.certificate' }]);
      const old = ssl.certificate('short-lived', { days: 1 });
      t.clock.advance(2 * DAY_MS);
      try {
        expect((await refused(withCertificate(old.certificatePem))).errors[0].message).toMatch(/not now/);
      } finally {
        t.clock.advance(-2 * DAY_MS);
      }
    });

    it('an empty or repeated scope, an unknown one', async () => {
      expect((await refused({ scope: [] })).errors[0].path).toContain('scope');
      expect((await refused({ scope: ['read', 'read'] })).errors[0].path).toContain('scope');
      expect((await refused({ scope: ['write'] })).errors[0].path).toContain('scope');
    });

    it('on behalf of a party the shipment does not have', async () => {
      const tenant = await t.newTenant();
      const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
      const delegations = delegationsApi(t, tenant);
      const body = expectProblem(await delegations.grant(shipment.id, delegations.body(grantee, { overrides: { on_behalf_of: 'principal' } })), 'validation_failed');
      expect(body.errors).toMatchObject([{ path: '$.on_behalf_of', code: 'party_absent' }]);
    });
  });

  it('a draft has no note to delegate: 409 invalid_state', async () => {
    const tenant = await t.newTenant();
    const draft = await shipmentsApi(t, tenant).created(fullShipment());
    const delegations = delegationsApi(t, tenant);
    expectProblem(await delegations.grant(draft.id, delegations.body(grantee)), 'invalid_state');
  });

  it('not_found for another organisation\'s shipment or delegation; invalid_id for a malformed id', async () => {
    const { shipment, delegations } = await setup();
    const d = await delegations.granted(shipment.id, grantee);
    const stranger = delegationsApi(t, await t.newTenant());
    expectProblem(await stranger.grant(shipment.id, stranger.body(grantee)), 'not_found');
    expectProblem(await stranger.get(d.id), 'not_found');
    expectProblem(await stranger.revoke(d.id), 'not_found');
    expectProblem(await stranger.list(shipment.id), 'not_found');
    expectProblem(await delegations.get('dlg_nope'), 'invalid_id');
    expect((await delegations.get(d.id)).json().status).toBe('active');
  });
});
