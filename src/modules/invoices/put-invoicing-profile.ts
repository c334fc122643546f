/** Replaces the organisation's invoicing profile (per mode). */
import type { TenantContext } from '../../core/context.js';
import { checkInvoicingProfile } from './check-invoicing-profile.js';
import { profileView, type InvoicingProfileView } from './get-invoicing-profile.js';
import type { InvoicingProfileInput } from './invoice.schema.js';
import { upsertProfile } from './invoices.repository.js';

/** Replaces the profile whole; `validation_failed` names each wrong identifier. Issued invoices keep what they stated. */
export async function putInvoicingProfile(ctx: TenantContext, input: InvoicingProfileInput): Promise<InvoicingProfileView> {
  const profile = checkInvoicingProfile(input);
  const now = ctx.clock.now();
  await upsertProfile(ctx.db, ctx, profile, now);
  return profileView({ profile, updated_at: now });
}
