/**
 * The shared setup of the webhook delivery tests: per backend, one test app on a database of its
 * own that may deliver to 127.0.0.1, one real receiver, and per test a fresh tenant with its
 * shipments and webhooks APIs. Fields are filled in the hooks.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Backend } from './backends.js';
import { shipmentsApi, type ShipmentsApi } from './shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from './test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';
import { webhooksApi, type WebhooksApi } from './webhooks-api.js';

export interface WebhookSuite {
  t: TestApp;
  tenant: Tenant;
  shipments: ShipmentsApi;
  hooks: WebhooksApi;
  receiver: WebhookReceiver;
  /** One claim-and-deliver round of the app's worker, on the app's clock. */
  deliverDue(): Promise<number>;
}

export function webhookSuite(backend: Backend): WebhookSuite {
  const suite = { deliverDue: () => suite.t.runtime.deliveries.tick() } as WebhookSuite;
  beforeAll(async () => {
    suite.t = await buildTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }, ownDatabase: true });
    suite.receiver = await startWebhookReceiver();
  });
  beforeEach(async () => {
    suite.tenant = await suite.t.newTenant();
    suite.shipments = shipmentsApi(suite.t, suite.tenant);
    suite.hooks = webhooksApi(suite.t, suite.tenant);
    suite.receiver.received.length = 0;
    suite.receiver.respond(() => ({ status: 200, body: 'thanks' }));
  });
  afterAll(async () => {
    await suite.receiver?.close();
    await suite.t?.close();
  });
  return suite;
}
