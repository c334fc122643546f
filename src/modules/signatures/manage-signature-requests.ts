/**
 * Reading, revoking and resending a signature request. Revoking makes its link answer 410
 * `token_revoked`; resending makes a new link (answered like a create) and the old one answers 410
 * `token_rotated`. Only a pending, unexpired request can be revoked or resent (409 `conflict`).
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { writeAsOneStatement } from '../../ports/database.js';
import { createSignatureRequest, type CreatedSignatureRequest } from './create-signature-request.js';
import { effectiveStatus, signatureRequestView, type SignatureRequestView } from './signature-request-view.js';
import { selectSignatureRequest, setRequestStatusWrite, type SignatureRequestRow } from './signature-requests.repository.js';

async function findRequest(ctx: TenantContext, id: string): Promise<SignatureRequestRow> {
  const row = await selectSignatureRequest(ctx.db, ctx, id);
  if (!row) throw new AppError('not_found', `No signature request ${id}.`);
  return row;
}

function assertPending(row: SignatureRequestRow, now: Date): void {
  const status = effectiveStatus(row, now);
  if (status !== 'pending') throw new AppError('conflict', `Signature request ${row.id} is ${status}: only a pending request can be revoked or resent.`);
}

export async function getSignatureRequest(ctx: TenantContext, id: string): Promise<SignatureRequestView> {
  return signatureRequestView(await findRequest(ctx, id), ctx.clock.now());
}

export async function revokeSignatureRequest(ctx: TenantContext, id: string): Promise<SignatureRequestView> {
  const now = ctx.clock.now();
  const row = await findRequest(ctx, id);
  assertPending(row, now);
  await writeAsOneStatement(ctx.db, [setRequestStatusWrite(ctx.db, id, 'pending', 'revoked', now)]);
  return signatureRequestView({ ...row, status: 'revoked', updated_at: now }, now);
}

/** A new link for the same role, channel and language; the old one is replaced. */
export async function resendSignatureRequest(ctx: TenantContext, id: string, recipient?: string): Promise<CreatedSignatureRequest> {
  const row = await findRequest(ctx, id);
  assertPending(row, ctx.clock.now());
  if (row.channel === 'handoff') throw new AppError('conflict', `Signature request ${id} was handed over in person: there is no one to resend it to.`);
  // The address is kept only hashed: without a new `recipient`, the default is looked up again
  // from the shipment and must be the one the first link went to.
  return createSignatureRequest(ctx, row.shipment_id, {
    role: row.role,
    successive_index: row.role === 'successive_carrier' ? row.successive_index : undefined,
    channel: row.channel,
    recipient,
    language: row.language,
    level: row.level,
    otp_required: row.otp_required,
    sameRecipientAs: recipient ? undefined : row.recipient_hash,
  });
}
