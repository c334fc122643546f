/**
 * POST /v1/billing/webhooks and GET /v1/billing with events signed by Stripe's
 * own library as the provider would sign them: valid, invalid, stale, replayed; subscriptions and
 * invoices mapped onto the organisation's plan and status; unknown types and organisations
 * acknowledged and ignored.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const SECRET = `whsec_${randomUUID().replace(/-/g, '')}`;

describe.each(backends())('billing webhooks on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { BILLING_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(() => t.close());

  const nowS = () => Math.floor(t.clock.now().getTime() / 1000);
  const unique = () => randomUUID().replace(/-/g, '').slice(0, 14);

  function event(type: string, object: Record<string, unknown>, options: { id?: string; created?: number } = {}) {
    return {
      id: options.id ?? `evt_${unique()}`,
      object: 'event',
      api_version: '2025-09-30.clover',
      created: options.created ?? nowS(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }
  const subscription = (organizationId: string, customer: string, fields: { id?: string; status?: string; lookupKey?: string; periodEnd?: number } = {}) => ({
    id: fields.id ?? `sub_${customer.slice(4)}`,
    object: 'subscription',
    customer,
    status: fields.status ?? 'active',
    metadata: { organization_id: organizationId },
    items: { object: 'list', data: [{ id: `si_${unique()}`, object: 'subscription_item', current_period_end: fields.periodEnd ?? nowS() + 30 * 86_400, price: { id: `price_${unique()}`, object: 'price', lookup_key: fields.lookupKey ?? 'business_monthly' } }] },
  });
  const invoice = (customer: string, fields: { amount?: number } = {}) => ({
    id: `in_${unique()}`,
    object: 'invoice',
    customer,
    currency: 'eur',
    amount_due: fields.amount ?? 4900,
    amount_paid: fields.amount ?? 4900,
    parent: { type: 'subscription_details', subscription_details: { metadata: {}, subscription: `sub_${customer.slice(4)}` } },
  });

  /** Posts `payload` (the exact bytes that were signed) with a header made by Stripe's library. */
  const deliver = (payload: string, header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: nowS() })) =>
    t.app.inject({ method: 'POST', url: '/v1/billing/webhooks', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header }, payload });
  const send = async (e: object) => {
    const res = await deliver(JSON.stringify(e));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { received: true; event_id: string; outcome: string };
  };
  const billing = async (tenant: Tenant) => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/billing', headers: t.auth(tenant.testKey) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('a subscription sets the plan and status, invoices move the status; the customer is linked by the subscription', async () => {
    const tenant = await t.newTenant();
    expect(await billing(tenant)).toEqual({ organization_id: tenant.organizationId, plan: null, status: 'none', customer_id: null, subscription_id: null, current_period_end: null, last_invoice: null, updated_at: null });
    const customer = `cus_${unique()}`;
    const periodEnd = nowS() + 30 * 86_400;
    // Pretty-printed with a trailing newline: the signature is over these bytes, not a re-serialisation.
    const created = event('customer.subscription.created', subscription(tenant.organizationId, customer, { status: 'trialing', periodEnd }));
    const res = await deliver(`${JSON.stringify(created, null, 2)}\n`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, event_id: created.id, outcome: 'applied' });
    expect(await billing(tenant)).toMatchObject({ plan: 'business_monthly', status: 'trialing', customer_id: customer, subscription_id: `sub_${customer.slice(4)}`, current_period_end: new Date(periodEnd * 1000).toISOString() });

    t.clock.advance(60_000);
    expect((await send(event('customer.subscription.updated', subscription(tenant.organizationId, customer, { status: 'active', lookupKey: 'enterprise_yearly' })))).outcome).toBe('applied');
    expect(await billing(tenant)).toMatchObject({ plan: 'enterprise_yearly', status: 'active' });

    // Invoices name only the customer: the link the subscription made finds the organisation.
    t.clock.advance(60_000);
    const failed = invoice(customer, { amount: 12900 });
    expect((await send(event('invoice.payment_failed', failed))).outcome).toBe('applied');
    expect(await billing(tenant)).toMatchObject({ plan: 'enterprise_yearly', status: 'past_due', last_invoice: { id: failed.id, status: 'payment_failed', amount: 12900, currency: 'eur' } });
    t.clock.advance(60_000);
    const paid = invoice(customer, { amount: 12900 });
    expect((await send(event('invoice.paid', paid))).outcome).toBe('applied');
    expect(await billing(tenant)).toMatchObject({ status: 'active', last_invoice: { id: paid.id, status: 'paid', amount: 12900 } });

    // An older event arriving late (the provider does not promise order) does not undo a newer state.
    expect((await send(event('customer.subscription.updated', subscription(tenant.organizationId, customer, { status: 'incomplete' }), { created: nowS() - 3600 }))).outcome).toBe('applied');
    expect(await billing(tenant)).toMatchObject({ status: 'active', plan: 'enterprise_yearly' });

    t.clock.advance(60_000);
    expect((await send(event('customer.subscription.deleted', subscription(tenant.organizationId, customer, { status: 'canceled', lookupKey: 'enterprise_yearly' })))).outcome).toBe('applied');
    expect(await billing(tenant)).toMatchObject({ plan: 'enterprise_yearly', status: 'canceled' });

    // One state for the organisation, whichever mode's key asks; another organisation has none of it.
    const live = await t.app.inject({ method: 'GET', url: '/v1/billing', headers: t.auth(tenant.liveKey) });
    expect(live.json()).toMatchObject({ status: 'canceled' });
    expect(await billing(await t.newTenant())).toMatchObject({ status: 'none', plan: null });
  });

  it('a replayed event answers 200 duplicate and changes nothing', async () => {
    const tenant = await t.newTenant();
    const customer = `cus_${unique()}`;
    await send(event('customer.subscription.created', subscription(tenant.organizationId, customer)));
    const failed = event('invoice.payment_failed', invoice(customer));
    expect((await send(failed)).outcome).toBe('applied');
    t.clock.advance(60_000);
    expect((await send(event('invoice.paid', invoice(customer)))).outcome).toBe('applied');
    const before = await billing(tenant);
    expect(before.status).toBe('active');
    // The provider's retry: the same event, signed again at a later time.
    t.clock.advance(60_000);
    expect(await send(failed)).toEqual({ received: true, event_id: failed.id, outcome: 'duplicate' });
    expect(await billing(tenant)).toEqual(before);
  });

  it('refuses a signature made with another secret, over other bytes, missing, or older than 300 seconds; state unchanged', async () => {
    const tenant = await t.newTenant();
    const customer = `cus_${unique()}`;
    const payload = JSON.stringify(event('customer.subscription.created', subscription(tenant.organizationId, customer)));
    const other = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_this_deployments_secret', timestamp: nowS() });
    expectProblem(await deliver(payload, other), 'bad_request');
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: nowS() });
    expectProblem(await deliver(payload.replace('"active"', '"canceled"'), signed), 'bad_request');
    const missing = await t.app.inject({ method: 'POST', url: '/v1/billing/webhooks', headers: { 'content-type': 'application/json' }, payload });
    expectProblem(missing, 'bad_request');
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: nowS() - 301 });
    const refused = await deliver(payload, stale);
    expectProblem(refused, 'bad_request');
    expect(refused.json().detail).toMatch(/tolerance/i);
    // Within the tolerance, the same bytes are taken.
    const recent = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: nowS() - 290 });
    expect(await billing(tenant)).toMatchObject({ status: 'none' });
    expect((await deliver(payload, recent)).json()).toMatchObject({ outcome: 'applied' });
    expect(await billing(tenant)).toMatchObject({ status: 'active' });
  });

  it('acknowledges and ignores unknown event types and events of no known organisation', async () => {
    const tenant = await t.newTenant();
    expect(await send(event('customer.created', { id: `cus_${unique()}`, object: 'customer', metadata: { organization_id: tenant.organizationId } }))).toMatchObject({ outcome: 'ignored' });
    expect(await send(event('customer.subscription.created', subscription('org_does_not_exist', `cus_${unique()}`)))).toMatchObject({ outcome: 'ignored' });
    expect(await send(event('invoice.paid', invoice(`cus_${unique()}`)))).toMatchObject({ outcome: 'ignored' });
    expect(await billing(tenant)).toMatchObject({ status: 'none' });
  });

  it('GET /v1/billing takes the billing:read scope', async () => {
    const tenant = await t.newTenant({ scopes: ['usage:read'] });
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/billing', headers: t.auth(tenant.testKey) }), 'insufficient_scope');
    expect((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: t.auth(tenant.testKey) })).statusCode).toBe(200);
  });
});
