/**
 * GET /v1/billing: the organisation's plan and status as the billing provider's events left them
 * (one state for both modes: the provider bills the organisation). Raises `billing_not_configured`
 * in a deployment without a billing provider.
 */
import type { TenantContext } from '../../core/context.js';
import { selectBilling } from './billing.repository.js';
import { billingNotConfigured } from './receive-billing-event.js';

export async function getBilling(ctx: TenantContext, configured: boolean) {
  if (!configured) throw billingNotConfigured();
  const row = await selectBilling(ctx.db, ctx.organizationId);
  return {
    organization_id: ctx.organizationId,
    plan: row?.plan ?? null,
    status: row?.status ?? 'none',
    customer_id: row?.customer_id ?? null,
    subscription_id: row?.subscription_id ?? null,
    current_period_end: row?.current_period_end?.toISOString() ?? null,
    last_invoice: row?.last_invoice ?? null,
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}
