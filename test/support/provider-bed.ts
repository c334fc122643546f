/**
 * One test app with the olf-ecmr provider configured against a fake OLF eCMR server
 * (fake-olf-ecmr.ts), a real webhook receiver for our own outgoing webhooks, and helpers: a routing
 * rule, due jobs run, and a provider webhook signed as the catalogue's scheme says. On a database
 * of its own (the job queue claims across organisations).
 */
import type { LightMyRequestResponse } from 'fastify';
import { catalogueEntry } from '../../src/modules/providers/provider-catalogue.js';
import { providerSignature } from '../../src/modules/providers/provider-signature.js';
import type { Backend } from './backends.js';
import { startFakeOlfEcmr, type FakeOlfEcmr } from './fake-olf-ecmr.js';
import { buildTestApp, type Tenant, type TestApp } from './test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

export const WEBHOOK_SECRET = 'olf-webhook-secret-for-tests';
export const RULES_PATH = '/v1/providers/routing-rules';

export interface ProviderBed {
  t: TestApp;
  fake: FakeOlfEcmr;
  receiver: WebhookReceiver;
  call(tenant: Tenant, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Adds a rule handing every shipment (or those matching) to olf-ecmr. */
  handOverRule(tenant: Tenant, match?: Record<string, unknown>): Promise<{ id: string }>;
  /** Runs due jobs until none is left (the app's worker loop is not started). */
  runJobs(): Promise<void>;
  /** Posts a provider event signed with the secret at `at` (the app's clock by default). */
  webhook(event: Record<string, unknown>, options?: { secret?: string; at?: Date; headers?: Record<string, string>; raw?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function providerBed(backend: Backend): Promise<ProviderBed> {
  const fake = await startFakeOlfEcmr();
  const receiver = await startWebhookReceiver();
  const t = await buildTestApp(backend, {
    ownDatabase: true,
    env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', PROVIDER_OLF_ECMR_BASE_URL: fake.url, PROVIDER_OLF_ECMR_API_KEY: fake.token, PROVIDER_OLF_ECMR_ACCOUNT: '42', PROVIDER_OLF_ECMR_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  receiver.respond(() => ({ status: 200, body: 'ok' }));
  const scheme = catalogueEntry('olf-ecmr')!.webhook!;
  const bed: ProviderBed = {
    t,
    fake,
    receiver,
    call: (tenant, method, url, payload) => t.app.inject({ method, url, headers: t.auth(tenant.testKey), ...(payload === undefined ? {} : { payload: payload as object }) }),
    async handOverRule(tenant, match = {}) {
      const res = await bed.call(tenant, 'POST', RULES_PATH, { name: 'Everything to OLF', match, action: 'hand_over', provider_id: 'olf-ecmr' });
      if (res.statusCode !== 201) throw new Error(`rule: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async runJobs() {
      while ((await t.runtime.jobs.loop.tick()) > 0);
    },
    webhook(event, options = {}) {
      const body = options.raw ?? JSON.stringify(event);
      const ts = String(Math.floor((options.at ?? t.clock.now()).getTime() / 1000));
      const signature = providerSignature(scheme, options.secret ?? WEBHOOK_SECRET, ts, Buffer.from(body));
      return t.app.inject({
        method: 'POST',
        url: '/v1/providers-webhook/olf-ecmr',
        headers: { 'content-type': 'application/json', [scheme.timestamp_header]: ts, [scheme.signature_header]: signature, ...options.headers },
        payload: body,
      });
    },
    async close() {
      await t.close();
      await receiver.close();
      await fake.close();
    },
  };
  return bed;
}
