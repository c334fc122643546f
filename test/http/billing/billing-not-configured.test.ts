/** Without BILLING_WEBHOOK_SECRET both billing routes answer 503 billing_not_configured; usage stays visible. */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe('billing not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backends()[0]!);
  });
  afterAll(() => t.close());

  it('GET /v1/billing and POST /v1/billing/webhooks are 503 billing_not_configured; GET /v1/usage answers', async () => {
    const tenant = await t.newTenant();
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/billing', headers: t.auth(tenant.testKey) }), 'billing_not_configured');
    const payload = JSON.stringify({ id: 'evt_unconfigured', object: 'event', type: 'invoice.paid', created: 1, data: { object: {} } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_some_secret_of_nobody', timestamp: Math.floor(Date.now() / 1000) });
    expectProblem(await t.app.inject({ method: 'POST', url: '/v1/billing/webhooks', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload }), 'billing_not_configured');
    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: t.auth(tenant.testKey) });
    expect(usage.statusCode).toBe(200);
  });
});
