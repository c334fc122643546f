/**
 * How an event of the billing provider changes an organisation's plan and status (docs/usage-billing.md).
 * Stripe's event format is the reference: subscriptions carry the organisation in
 * `metadata.organization_id`; invoices name the customer (linked to the organisation by an earlier
 * subscription event) and, since API version 2025-03-31, their subscription's metadata in
 * `parent.subscription_details`. Pure: no database, no clock.
 */
import type { LastInvoice } from './billing.tables.js';

/** Subscription statuses as the provider names them, and `none` before any subscription event. */
export const BILLING_STATUSES = ['none', 'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'paused'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** The event types that change the state; every other type is acknowledged and ignored. */
export const HANDLED_EVENT_TYPES = ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid', 'invoice.payment_failed'] as const;

export interface BillingState {
  customer_id: string | null;
  subscription_id: string | null;
  plan: string | null;
  status: BillingStatus;
  current_period_end: Date | null;
  last_invoice: LastInvoice | null;
  /** The provider's `created` of the last event applied to `status` (Unix seconds). */
  state_event_created: number;
}

export type BillingChange =
  | { kind: 'subscription'; organizationId?: string; customerId: string | null; subscriptionId: string; plan: string | null; status: BillingStatus; currentPeriodEnd: Date | null }
  | { kind: 'invoice'; organizationId?: string; customerId: string | null; invoice: LastInvoice };

export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** `customer` is an id, or the customer object when the event was expanded. */
const customerOf = (o: Obj): string | null => str(o.customer) ?? str(obj(o.customer).id) ?? null;
const statusOf = (v: unknown): BillingStatus => ((BILLING_STATUSES as readonly unknown[]).includes(v) && v !== 'none' ? (v as BillingStatus) : 'incomplete');

/** What the event changes, or undefined for a type that changes nothing. */
export function billingChangeOf(event: ProviderEvent): BillingChange | undefined {
  const o = obj(event.data.object);
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const item = obj((obj(o.items).data as unknown[] | undefined)?.[0]);
      const price = obj(item.price);
      const periodEnd = num(o.current_period_end) ?? num(item.current_period_end);
      return {
        kind: 'subscription',
        organizationId: str(obj(o.metadata).organization_id),
        customerId: customerOf(o),
        subscriptionId: str(o.id) ?? '',
        // The plan: the subscription's own `metadata.plan`, else its price's lookup key, else the price id.
        plan: str(obj(o.metadata).plan) ?? str(price.lookup_key) ?? str(price.id) ?? null,
        status: event.type === 'customer.subscription.deleted' ? 'canceled' : statusOf(o.status),
        currentPeriodEnd: periodEnd === undefined ? null : new Date(periodEnd * 1000),
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const details = obj(obj(o.parent).subscription_details ?? o.subscription_details);
      const paid = event.type === 'invoice.paid';
      return {
        kind: 'invoice',
        organizationId: str(obj(o.metadata).organization_id) ?? str(obj(details.metadata).organization_id),
        customerId: customerOf(o),
        invoice: {
          id: str(o.id) ?? '',
          status: paid ? 'paid' : 'payment_failed',
          amount: num(paid ? o.amount_paid : o.amount_due) ?? 0,
          currency: str(o.currency) ?? '',
          at: new Date(event.created * 1000).toISOString(),
        },
      };
    }
    default:
      return undefined;
  }
}

const UNSETTLED: readonly BillingStatus[] = ['past_due', 'unpaid', 'incomplete'];
const SETTLED: readonly BillingStatus[] = ['active', 'trialing'];

/**
 * The state after `change`, made by an event created at `created`. The provider does not promise
 * order: an event older than the one that set the status still fills what is missing (the customer
 * link, a newer last invoice) but does not change the plan or status back.
 */
export function applyBillingChange(state: BillingState | undefined, change: BillingChange, created: number): BillingState {
  const current: BillingState = state ?? { customer_id: null, subscription_id: null, plan: null, status: 'none', current_period_end: null, last_invoice: null, state_event_created: 0 };
  const next: BillingState = { ...current, customer_id: current.customer_id ?? change.customerId };
  const newer = created >= current.state_event_created;
  if (change.kind === 'subscription') {
    // The end of a subscription the organisation has already moved off (an upgrade made a new one) changes nothing.
    const replaced = change.status === 'canceled' && current.subscription_id !== null && current.subscription_id !== change.subscriptionId;
    if (!newer || replaced) return next;
    return { ...next, subscription_id: change.subscriptionId, plan: change.plan, status: change.status, current_period_end: change.currentPeriodEnd, state_event_created: created };
  }
  if (!current.last_invoice || current.last_invoice.at <= change.invoice.at) next.last_invoice = change.invoice;
  if (!newer) return next;
  if (change.invoice.status === 'paid' && (current.status === 'none' || UNSETTLED.includes(current.status))) return { ...next, status: 'active', state_event_created: created };
  if (change.invoice.status === 'payment_failed' && (current.status === 'none' || SETTLED.includes(current.status))) return { ...next, status: 'past_due', state_event_created: created };
  return next;
}
