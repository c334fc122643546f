/**
 * POST /v1/billing/webhooks: an event of the billing provider, verified with Stripe's own library
 * (`Stripe-Signature: t=…,v1=…`, HMAC-SHA-256 of `t.body` under BILLING_WEBHOOK_SECRET, at most
 * BILLING_TOLERANCE_S old by the service's clock) over the raw bytes as received, then applied to
 * the organisation's plan and status in one transaction with the record of its id: a replay
 * (the provider retries until it reads a 2xx) changes nothing, and an event whose change fails is
 * not recorded, so its retry applies it. Unknown types and events of no known organisation are
 * acknowledged and ignored: answering an error would only make the provider retry them for days.
 */
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import { withTransaction, type Database } from '../../ports/database.js';
import { applyBillingChange, billingChangeOf, type BillingChange, type ProviderEvent } from './billing-state.js';
import { insertBillingEvent, lockBilling, organizationExists, organizationOfCustomer, updateBilling } from './billing.repository.js';

/** Stripe's default: a signed event older than five minutes is refused (a captured request replayed later). */
export const BILLING_TOLERANCE_S = 300;

export interface BillingReceipt {
  received: true;
  event_id: string;
  /** `applied`: the organisation's billing changed; `ignored`: unknown type or organisation; `duplicate`: seen before. */
  outcome: 'applied' | 'ignored' | 'duplicate';
}

/** Raises `billing_not_configured` without a secret and `bad_request` for a signature that does not verify. */
export async function receiveBillingEvent(services: Pick<Services, 'db' | 'clock'>, secret: string | undefined, body: Buffer, signature: string | undefined): Promise<BillingReceipt> {
  if (secret === undefined) throw billingNotConfigured();
  const event = await verifiedEvent(body, signature, secret, services.clock.now());
  const change = billingChangeOf(event);
  const now = services.clock.now();
  return withTransaction(services.db, async (trx) => {
    const organizationId = change ? await organizationOf(trx, change) : undefined;
    const outcome = organizationId ? 'applied' : 'ignored';
    if (!(await insertBillingEvent(trx, { id: event.id, type: event.type, organization_id: organizationId ?? null, outcome, received_at: now }))) {
      return { received: true, event_id: event.id, outcome: 'duplicate' };
    }
    if (change && organizationId) {
      const current = await lockBilling(trx, organizationId, now);
      await updateBilling(trx, organizationId, applyBillingChange(current, change, event.created), now);
    }
    return { received: true, event_id: event.id, outcome };
  });
}

export function billingNotConfigured(): AppError {
  return new AppError('billing_not_configured', 'This deployment has no billing provider (BILLING_WEBHOOK_SECRET is not set); usage remains visible at GET /v1/usage.');
}

async function verifiedEvent(body: Buffer, signature: string | undefined, secret: string, now: Date): Promise<ProviderEvent> {
  if (!signature) throw new AppError('bad_request', 'The Stripe-Signature header is missing.', { errors: [finding('header.stripe-signature', 'required', { field: 'Stripe-Signature' })] });
  // Loaded with the first event, not at start: the library is some 200 files that most deployments never use.
  const { default: Stripe } = await import('stripe');
  try {
    return Stripe.webhooks.constructEvent(body, signature, secret, BILLING_TOLERANCE_S, undefined, now.getTime()) as unknown as ProviderEvent;
  } catch (error) {
    // The library's message says which check failed (no signature for the secret, timestamp outside the tolerance, unparsable payload).
    const detail = error instanceof Error ? error.message.split('\n')[0] : 'The signature does not verify.';
    throw new AppError('bad_request', `The event is not verified: ${detail}`, { errors: [finding('header.stripe-signature', 'invalid')], cause: error });
  }
}

/** The organisation named in the event's metadata, else the one its customer is linked to; only one that exists. */
async function organizationOf(db: Database, change: BillingChange): Promise<string | undefined> {
  const named = change.organizationId;
  if (named && (await organizationExists(db, named))) return named;
  return change.customerId ? organizationOfCustomer(db, change.customerId) : undefined;
}
