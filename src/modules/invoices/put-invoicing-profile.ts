/** Replaces the organisation's invoicing profile (per mode). */
import type { TenantContext } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { fieldChanges, recordTenantAct } from '../audit-log/record-audit-event.js';
import { checkInvoicingProfile } from './check-invoicing-profile.js';
import { profileView, type InvoicingProfileView } from './get-invoicing-profile.js';
import type { InvoicingProfileInput } from './invoice.schema.js';
import { selectProfile, upsertProfile } from './invoices.repository.js';

/**
 * Replaces the profile whole; `validation_failed` names each wrong identifier. Issued invoices keep
 * what they stated. Recorded in the audit log (`invoicing_profile.updated`, each changed field's
 * from and to: the profile holds no secret).
 */
export async function putInvoicingProfile(ctx: TenantContext, input: InvoicingProfileInput): Promise<InvoicingProfileView> {
  const profile = checkInvoicingProfile(input);
  const now = ctx.clock.now();
  await withTransaction(ctx.db, async (trx) => {
    const before = (await selectProfile(trx, ctx))?.profile ?? {};
    await upsertProfile(trx, ctx, profile, now);
    // A field the new profile drops shows as changed to null.
    const fields = [...new Set([...Object.keys(before), ...Object.keys(profile)])].sort();
    const after = { ...Object.fromEntries(fields.map((f) => [f, null])), ...profile };
    await recordTenantAct(trx, ctx, { action: 'invoicing_profile.updated', target: { type: 'invoicing_profile', id: ctx.organizationId }, changes: fieldChanges(before, after, fields) });
  });
  return profileView({ profile, updated_at: now });
}
