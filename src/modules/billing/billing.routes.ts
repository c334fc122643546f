/**
 * Billing area: GET /v1/billing (the organisation's plan and status) and POST /v1/billing/webhooks
 * (the billing provider's events, no API key, verified by signature over the raw body). Both answer
 * 503 `billing_not_configured` without BILLING_WEBHOOK_SECRET; GET /v1/usage answers regardless.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { rawJsonParser } from '../../http/json-body.js';
import { tenantContext } from '../../http/tenant-context.js';
import { BillingEventSchema, BillingReceiptSchema, BillingSchema } from './billing.schema.js';
import { getBilling } from './get-billing.js';
import { BILLING_TOLERANCE_S, receiveBillingEvent } from './receive-billing-event.js';

export const BILLING_PATHS = { billing: '/v1/billing', webhooks: '/v1/billing/webhooks' } as const;

/** Stripe's events are a few kB; this leaves room for large invoices with many lines. */
const EVENT_BODY_LIMIT = 1024 * 1024;

export async function billingRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.addSchema(BillingSchema);
  app.addSchema(BillingReceiptSchema);
  const secret = runtime.config.billing?.webhookSecret;

  app.get(
    BILLING_PATHS.billing,
    {
      config: { access: { scope: 'billing:read' }, errors: ['billing_not_configured'] },
      schema: {
        operationId: 'getBilling',
        tags: ['billing'],
        summary: "The organisation's plan and billing status",
        description:
          "The plan and subscription status the billing provider's events (POST /v1/billing/webhooks) set for this organisation, one for both modes, and its newest invoice. " +
          'Without a billing provider in this deployment (no BILLING_WEBHOOK_SECRET) 503 `billing_not_configured`; usage (GET /v1/usage) is visible either way.',
        response: { 200: Type.Ref(BillingSchema, { description: 'Plan and status.' }) },
      },
    },
    async (request) => getBilling(tenantContext(runtime, request), secret !== undefined),
  );

  // The signature covers the bytes as sent: the body reaches the handler unparsed (the event is
  // parsed by the provider's library once verified), in this plugin's scope only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: EVENT_BODY_LIMIT }, rawJsonParser);

  app.post<{ Headers: { 'stripe-signature'?: string } }>(
    BILLING_PATHS.webhooks,
    {
      config: { access: { public: true }, idempotent: false, bodyCheckedByHandler: true, errors: ['bad_request', 'malformed_json', 'billing_not_configured'] },
      schema: {
        operationId: 'receiveBillingEvent',
        tags: ['billing'],
        summary: "An event of the billing provider (Stripe's format)",
        description:
          "No API key: the body is verified by its `Stripe-Signature` header (`t=<unix time>,v1=<HMAC-SHA-256 of \"t.body\" under BILLING_WEBHOOK_SECRET>`), checked with Stripe's own library over the raw bytes; " +
          `a signature that does not verify, or one more than ${BILLING_TOLERANCE_S} seconds old, is 400 \`bad_request\`. ` +
          '`customer.subscription.created`, `.updated` and `.deleted` set the plan and status of the organisation in the subscription\'s `metadata.organization_id` (and link the customer to it); ' +
          '`invoice.paid` and `invoice.payment_failed` record the invoice and move the status (`active`, `past_due`) of the organisation the customer is linked to. ' +
          'Idempotent on the event id: a replay answers 200 `duplicate` and changes nothing. Other event types, and events of no known organisation, are answered 200 `ignored`. ' +
          'Without BILLING_WEBHOOK_SECRET: 503 `billing_not_configured`.',
        headers: Type.Object({ 'stripe-signature': Type.Optional(Type.String({ description: '`t=…,v1=…` as the billing provider sends it.' })) }),
        body: BillingEventSchema,
        response: { 200: Type.Ref(BillingReceiptSchema, { description: 'The event was verified and taken (or was seen before).' }) },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return receiveBillingEvent(runtime.services, secret, body, request.headers['stripe-signature']);
    },
  );
}
