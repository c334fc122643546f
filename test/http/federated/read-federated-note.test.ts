/**
 * The grantee's read over real mutual TLS (certificates made by openssl): the delegated note with
 * the certificate its delegation names; refusals for another certificate, none at all, another
 * note, a revoked and an expired delegation — all problem+json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEDERATED_PATHS } from '../../../src/modules/federated/federated.routes.js';
import { backends } from '../../support/backends.js';
import { delegationsApi, type DelegationsApi } from '../../support/delegations-api.js';
import { mtlsListener, type MtlsListener } from '../../support/mtls-listener.js';
import { opensslFolder, type MadeCertificate, type OpensslFolder } from '../../support/openssl.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi, type ShipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const notePath = (shipmentId: string) => FEDERATED_PATHS.note.replace(':id', shipmentId);

describe.each(backends())('federated read over mutual TLS on $name', (backend) => {
  let t: TestApp;
  let ssl: OpensslFolder;
  let listener: MtlsListener;
  let grantee: MadeCertificate;
  let other: MadeCertificate;
  let shipments: ShipmentsApi;
  let delegations: DelegationsApi;
  beforeAll(async () => {
    ssl = opensslFolder();
    const server = ssl.certificate('platform-listener', { ipSan: true });
    grantee = ssl.certificate('grantee');
    other = ssl.certificate('other');
    t = await buildTestApp(backend);
    listener = await mtlsListener(t.runtime, server);
    const tenant = await t.newTenant();
    shipments = shipmentsApi(t, tenant);
    delegations = delegationsApi(t, tenant);
  });
  afterAll(async () => {
    await listener?.close();
    await t.close();
    ssl.remove();
  });

  const delegated = async (days = 30) => {
    const shipment = await shipments.created(fullShipment(), { issue: true });
    return { shipment, delegation: await delegations.granted(shipment.id, grantee, { days }) };
  };

  it('the certificate the delegation names reads the note: the inspection document plus the delegation and its evidence', async () => {
    const { shipment, delegation } = await delegated();
    const res = await listener.get(notePath(shipment.id), grantee);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({
      shipment: { id: shipment.id, status: 'issued' },
      delegation: { id: delegation.id, on_behalf_of: 'carrier', scope: ['read'], expires_at: delegation.expires_at, evidence: delegation.evidence },
    });
    expect(ssl.verifiesJws(res.json().delegation.evidence)).toMatchObject({ verified: true });
  });

  it('another certificate, or none: 401 unauthorized, before the path is judged', async () => {
    const { shipment } = await delegated();
    expect(expectProblem(await listener.get(notePath(shipment.id), other), 'unauthorized').detail).toMatch(/No delegation names this client certificate/);
    expect(expectProblem(await listener.get(notePath(shipment.id)), 'unauthorized').detail).toMatch(/client certificate/);
    expectProblem(await listener.get(notePath('shp_malformed')), 'unauthorized');
    expectProblem(await listener.get(notePath('shp_malformed'), grantee), 'invalid_id');
  });

  it('another note, delegated or not to someone else, or none at all: 404 not_found', async () => {
    await delegated();
    const undelegated = await shipments.created(fullShipment(), { issue: true });
    expectProblem(await listener.get(notePath(undelegated.id), grantee), 'not_found');
    const toOther = await shipments.created(fullShipment(), { issue: true });
    await delegations.granted(toOther.id, other);
    expectProblem(await listener.get(notePath(toOther.id), grantee), 'not_found');
    expectProblem(await listener.get(notePath('shp_01JBZZZZZZZZZZZZZZZZZZZZZZ'), grantee), 'not_found');
  });

  it('a revoked delegation: 410 token_revoked; a new grant opens the note again', async () => {
    const { shipment, delegation } = await delegated();
    expect((await delegations.revoke(delegation.id)).statusCode).toBe(204);
    expect(expectProblem(await listener.get(notePath(shipment.id), grantee), 'token_revoked').detail).toContain(delegation.id);
    const again = await delegations.granted(shipment.id, grantee);
    expect((await listener.get(notePath(shipment.id), grantee)).json().delegation.id).toBe(again.id);
  });

  it('an expired delegation: 410 token_expired, from the moment of expires_at', async () => {
    const { shipment, delegation } = await delegated(1);
    t.clock.set(new Date(new Date(delegation.expires_at).getTime() - 1000));
    expect((await listener.get(notePath(shipment.id), grantee)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect(expectProblem(await listener.get(notePath(shipment.id), grantee), 'token_expired').detail).toContain(delegation.id);
    expect((await delegations.get(delegation.id)).json().status).toBe('expired');
    t.clock.advance(-DAY_MS);
  });
});
