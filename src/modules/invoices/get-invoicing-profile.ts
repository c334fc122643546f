/** Reads the organisation's invoicing profile (per mode). */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { StoredProfile } from './invoices.repository.js';
import { selectProfile } from './invoices.repository.js';

export type InvoicingProfileView = StoredProfile['profile'] & { updated_at: string };

export const profileView = (stored: StoredProfile): InvoicingProfileView => ({ ...stored.profile, updated_at: stored.updated_at.toISOString() });

/** The profile, or `not_found` before the first PUT. */
export async function getInvoicingProfile(ctx: TenantContext): Promise<InvoicingProfileView> {
  const stored = await selectProfile(ctx.db, ctx);
  if (!stored) throw new AppError('not_found', 'No invoicing profile yet: PUT /v1/invoicing-profile sets it.');
  return profileView(stored);
}
