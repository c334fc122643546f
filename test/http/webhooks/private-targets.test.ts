/**
 * WEBHOOK_ALLOW_PRIVATE_TARGETS is per process, the deliveries are shared in the database (issue
 * 15). An endpoint records whether it was created under the switch; a worker reaches a private
 * address only when it runs with the switch and the endpoint was created under it. A strict worker
 * never connects to a private receiver: its attempt fails with the reason and is retried on the
 * normal schedule. Two apps on one PostgreSQL database, one strict and one permissive, play the
 * two kinds of process.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { webhooksApi, type WebhooksApi } from '../../support/webhooks-api.js';

const STRICT_WORKER = 'refused (this worker runs without WEBHOOK_ALLOW_PRIVATE_TARGETS)';
const STRICT_ENDPOINT = 'refused (the endpoint was not created under WEBHOOK_ALLOW_PRIVATE_TARGETS)';
const PUBLIC_ADDRESS = '93.184.215.14';

describe.each(backends())('private webhook targets on $name', (backend) => {
  let permissive: TestApp;
  let receivers: WebhookReceiver[];
  let tenant: Tenant;
  beforeAll(async () => {
    permissive = await buildTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }, ownDatabase: true });
  });
  beforeEach(async () => {
    receivers = [await startWebhookReceiver(), await startWebhookReceiver()];
    tenant = await permissive.newTenant();
  });
  afterEach(async () => {
    for (const r of receivers) await r.close();
  });
  afterAll(async () => permissive?.close());
  const lastAttempt = async (hooks: WebhooksApi, endpointId: string) => {
    const [delivery] = (await hooks.deliveries(`?endpoint_id=${endpointId}`)).data;
    const detail = await hooks.delivery(delivery!.id);
    return { status: detail.status, next_attempt_at: detail.next_attempt_at, last: detail.attempt_history.at(-1)! };
  };

  it('an endpoint shows whether it was created under the switch; a permissive worker delivers to its private address', async () => {
    const hooks = webhooksApi(permissive, tenant);
    const endpoint = await hooks.endpoint({ url: receivers[0]!.url, events: ['shipment.created'] });
    expect(endpoint.allow_private_targets).toBe(true);
    expect((await hooks.call('GET', `/v1/webhook-endpoints/${endpoint.id}`)).json().allow_private_targets).toBe(true);
    await shipmentsApi(permissive, tenant).created(minimalShipment());
    await permissive.runtime.deliveries.tick();
    expect(receivers[0]!.received).toHaveLength(1);
  });

  it('a permissive worker refuses a private address for an endpoint not created under the switch (made before the column existed)', async () => {
    const hooks = webhooksApi(permissive, tenant);
    const endpoint = await hooks.endpoint({ url: receivers[0]!.url, events: ['shipment.created'] });
    await permissive.runtime.services.db.updateTable('webhook_endpoints').set({ allow_private_targets: false }).where('id', '=', endpoint.id).execute();
    await shipmentsApi(permissive, tenant).created(minimalShipment());
    await permissive.runtime.deliveries.tick();
    expect(receivers[0]!.connections).toBe(0);
    const attempt = await lastAttempt(hooks, endpoint.id);
    expect(attempt.last.error).toContain(STRICT_ENDPOINT);
    expect(attempt.status).toBe('pending');
  });

  describe.runIf(backend.databaseUrl)('beside a strict process on the same database', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await buildTestApp(backend, { databaseUrl: permissive.databaseUrl, clock: permissive.clock });
    });
    afterAll(async () => strict?.close());

    it('a strict process refuses to create a private endpoint', async () => {
      const res = await webhooksApi(strict, tenant).call('POST', '/v1/webhook-endpoints', { url: receivers[0]!.url, events: ['*'] });
      expectProblem(res, 'validation_failed');
    });

    it('the strict worker never connects to a private receiver; the permissive one only for the endpoint created under the switch', async () => {
      const permissiveHooks = webhooksApi(permissive, tenant);
      const strictHooks = webhooksApi(strict, tenant);
      // Created by the permissive process, on 127.0.0.1 over http.
      const underSwitch = await permissiveHooks.endpoint({ url: receivers[0]!.url, events: ['shipment.created'] });
      // Created by the strict process while its name resolved to a public address; it resolves to 127.0.0.1 since.
      const name = 'hooks.customer.eu';
      strict.resolver.set(name, [PUBLIC_ADDRESS]);
      const strictlyMade = await strictHooks.endpoint({ url: `https://${name}:${receivers[1]!.port}/hooks`, events: ['shipment.created'] });
      expect(strictlyMade.allow_private_targets).toBe(false);
      for (const app of [strict, permissive]) app.resolver.set(name, ['127.0.0.1']);
      await shipmentsApi(strict, tenant).created(minimalShipment());

      // The strict worker claims both deliveries first: neither connects, both wait for their next attempt.
      await strict.runtime.deliveries.tick();
      expect(receivers.map((r) => r.connections)).toEqual([0, 0]);
      for (const endpoint of [underSwitch, strictlyMade]) {
        const attempt = await lastAttempt(strictHooks, endpoint.id);
        expect(attempt.last.error).toContain(STRICT_WORKER);
        expect(attempt.status).toBe('pending');
        // The normal schedule: the first retry a minute later.
        expect(Date.parse(attempt.next_attempt_at!) - permissive.clock.now().getTime()).toBe(60_000);
      }

      // A minute on, the permissive worker takes them: it delivers to the endpoint created under the switch only.
      permissive.clock.advance(60_000);
      await permissive.runtime.deliveries.tick();
      expect(receivers[0]!.received).toHaveLength(1);
      expect(receivers[1]!.connections).toBe(0);
      expect((await lastAttempt(permissiveHooks, underSwitch.id)).status).toBe('succeeded');
      const refused = await lastAttempt(permissiveHooks, strictlyMade.id);
      expect(refused.last.error).toContain(`${name} resolves to a non-public address (127.0.0.1); ${STRICT_ENDPOINT}`);
      expect(refused.status).toBe('pending');
    });

    it('a url changed by the strict process is judged strictly from then on', async () => {
      const endpoint = await webhooksApi(permissive, tenant).endpoint({ url: receivers[0]!.url, events: ['*'] });
      strict.resolver.set('hooks.customer.eu', [PUBLIC_ADDRESS]);
      const changed = await webhooksApi(strict, tenant).call('PATCH', `/v1/webhook-endpoints/${endpoint.id}`, { url: 'https://hooks.customer.eu/in' });
      expect(changed.json().allow_private_targets).toBe(false);
      // Another field changed by the permissive process leaves the mark as it is.
      const described = await webhooksApi(permissive, tenant).call('PATCH', `/v1/webhook-endpoints/${endpoint.id}`, { description: 'main' });
      expect(described.json().allow_private_targets).toBe(false);
    });

    it('a test ping from the strict process to an endpoint created under the switch is refused without connecting', async () => {
      const endpoint = await webhooksApi(permissive, tenant).endpoint({ url: receivers[0]!.url, events: ['*'] });
      const res = await webhooksApi(strict, tenant).call('POST', `/v1/webhook-endpoints/${endpoint.id}/test`);
      expect(res.json().attempt_history[0].error).toContain(STRICT_WORKER);
      expect(receivers[0]!.connections).toBe(0);
    });
  });
});
