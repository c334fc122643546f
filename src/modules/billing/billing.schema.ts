/** Schemas of the organisation's billing state and of the webhook receipt. */
import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../core/schema-types.js';
import { BILLING_STATUSES } from './billing-state.js';

const NullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const BillingSchema = Type.Object(
  {
    organization_id: Type.String(),
    plan: NullableString("The plan: the subscription's `metadata.plan`, else its price's `lookup_key`, else the price id; null before any subscription event."),
    status: StringEnum(BILLING_STATUSES, {
      description:
        'The subscription status as the billing provider names it (`active`, `trialing`, `past_due`, `unpaid`, `canceled`, `incomplete`, `incomplete_expired`, `paused`), moved on by invoices (`invoice.payment_failed`: `past_due`; `invoice.paid`: `active` again); `none` before any event.',
    }),
    customer_id: NullableString("The provider's customer linked to this organisation by a subscription event's `metadata.organization_id`."),
    subscription_id: NullableString("The provider's subscription the plan and status come from."),
    current_period_end: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'End of the paid period, as the last subscription event gave it.' }),
    last_invoice: Type.Union(
      [
        Type.Object({
          id: Type.String(),
          status: StringEnum(['paid', 'payment_failed'] as const),
          amount: Type.Integer({ description: 'In the smallest unit of the currency: paid, or due when the payment failed.' }),
          currency: Type.String(),
          at: Type.String({ format: 'date-time', description: "The event's time at the provider." }),
        }),
        Type.Null(),
      ],
      { description: 'The newest invoice event received.' },
    ),
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When an event last changed this; null before any.' }),
  },
  { $id: 'Billing' },
);

export const BillingReceiptSchema = Type.Object(
  {
    received: Type.Literal(true),
    event_id: Type.String(),
    outcome: StringEnum(['applied', 'ignored', 'duplicate'] as const, {
      description: "`applied`: the organisation's plan or status took the event. `ignored`: a type this service does not use, or no known organisation. `duplicate`: this event id was received before; nothing changed.",
    }),
  },
  { $id: 'BillingReceipt' },
);

/** What the documentation shows as the body: an event of the provider, checked by its signature rather than a schema. */
export const BillingEventSchema = Type.Object(
  {
    id: Type.String({ description: 'The event id (`evt_…`): the key of idempotency.' }),
    type: Type.String({ description: '`invoice.paid`, `invoice.payment_failed`, `customer.subscription.created`, `.updated`, `.deleted`; others are acknowledged and ignored.' }),
    created: Type.Integer({ description: 'Unix seconds.' }),
    data: Type.Object({ object: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: true }),
  },
  { additionalProperties: true },
);
