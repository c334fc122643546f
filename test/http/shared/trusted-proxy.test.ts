/**
 * Behind a load balancer every request comes from the balancer's address: without TRUST_PROXY the
 * failed-authentication limit would lock out every client at once and signature evidence would
 * record the balancer. With TRUST_PROXY naming the balancer, X-Forwarded-For from it gives the client
 * address; from anyone else the header is ignored, since a client could write any address there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATHS } from '../../../src/modules/system/system.routes.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe('a service behind a trusted proxy', () => {
  let t: TestApp;
  const proxy = '10.0.0.7';
  // Addresses of this file alone: the test files share one Redis.
  const client = `203.0.${Math.floor(Math.random() * 250)}`;
  beforeAll(async () => {
    t = await buildTestApp({ name: 'embedded' }, { env: { TRUST_PROXY: `${proxy}, 10.0.1.0/24`, AUTH_FAILURE_LIMIT: '2', AUTH_FAILURE_WINDOW_S: '60' } });
  });
  afterAll(() => t.close());

  const unknownKey = { authorization: `Bearer sk_test_${'A'.repeat(40)}` };
  const whoami = (remoteAddress: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: SYSTEM_PATHS.whoami, headers, remoteAddress });

  it('limits failed authentications per forwarded client, not per proxy', async () => {
    const from = (address: string) => ({ ...unknownKey, 'x-forwarded-for': address });
    for (let i = 0; i < 2; i++) expect((await whoami(proxy, from(`${client}.1`))).statusCode).toBe(401);
    expect((await whoami(proxy, from(`${client}.1`))).statusCode).toBe(429);
    // Another client behind the same proxy (or another proxy of the trusted range) is not locked out.
    expect((await whoami(proxy, from(`${client}.2`))).statusCode).toBe(401);
    expect((await whoami('10.0.1.20', from(`${client}.3`))).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer it does not trust', async () => {
    const peer = `${client}.50`;
    for (let i = 0; i < 2; i++) expect((await whoami(peer, { ...unknownKey, 'x-forwarded-for': `${client}.${60 + i}` })).statusCode).toBe(401);
    // Two different forged addresses, yet the one peer is limited.
    expect((await whoami(peer, { ...unknownKey, 'x-forwarded-for': `${client}.70` })).statusCode).toBe(429);
  });

  it('records the forwarded client address as signature evidence', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/shipments/${shipment.id}/signatures`,
      headers: { ...t.auth(tenant.testKey), 'x-forwarded-for': `${client}.9` },
      remoteAddress: proxy,
      payload: { role: 'consignor', signer_name: 'Sanne de Vries' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().evidence.ip).toBe(`${client}.9`);
  });
});
