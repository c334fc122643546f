import { describe, expect, it } from 'vitest';
import { applyBillingChange, billingChangeOf, type BillingChange } from './billing-state.js';

const subscription = (id: string, status: string, created: number) =>
  billingChangeOf({ id: `evt_${id}${created}`, type: status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', created, data: { object: { id, customer: 'cus_1', status, metadata: { organization_id: 'org_1', plan: 'pro' } } } }) as BillingChange;

describe('billing state', () => {
  it('the end of a subscription the organisation has moved off does not cancel the new one', () => {
    const upgraded = applyBillingChange(applyBillingChange(undefined, subscription('sub_old', 'active', 100), 100), subscription('sub_new', 'active', 200), 200);
    expect(applyBillingChange(upgraded, subscription('sub_old', 'canceled', 300), 300)).toMatchObject({ subscription_id: 'sub_new', status: 'active' });
    expect(applyBillingChange(upgraded, subscription('sub_new', 'canceled', 300), 300)).toMatchObject({ subscription_id: 'sub_new', status: 'canceled' });
  });

  it('reads the plan from metadata, an unknown status as incomplete, and the pre-2025 invoice subscription_details', () => {
    expect(subscription('sub_1', 'weird', 1)).toMatchObject({ plan: 'pro', status: 'incomplete', organizationId: 'org_1' });
    const invoice = billingChangeOf({ id: 'evt_i', type: 'invoice.paid', created: 5, data: { object: { id: 'in_1', customer: { id: 'cus_9' }, amount_paid: 100, currency: 'eur', subscription_details: { metadata: { organization_id: 'org_2' } } } } });
    expect(invoice).toMatchObject({ kind: 'invoice', organizationId: 'org_2', customerId: 'cus_9', invoice: { status: 'paid', amount: 100, at: '1970-01-01T00:00:05.000Z' } });
    expect(billingChangeOf({ id: 'evt_x', type: 'charge.succeeded', created: 1, data: { object: {} } })).toBeUndefined();
  });
});
