/** A signature request as the API shows it; a pending one past its expiry reads as `expired`. */
import type { SignatureRequestRow } from './signature-requests.repository.js';

export function effectiveStatus(row: SignatureRequestRow, now: Date): SignatureRequestRow['status'] | 'expired' {
  return row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status;
}

export function signatureRequestView(row: SignatureRequestRow, now: Date) {
  return {
    id: row.id,
    shipment_id: row.shipment_id,
    role: row.role,
    successive_index: row.role === 'successive_carrier' ? row.successive_index : null,
    channel: row.channel,
    recipient_hint: row.recipient_hint,
    language: row.language,
    level: row.level,
    status: effectiveStatus(row, now),
    otp_required: row.otp_required,
    expires_at: row.expires_at.toISOString(),
    replaced_by: row.replaced_by,
    handoff_from: row.handoff_from,
    test_clock: row.test_clock_id,
    signature_id: row.signature_id,
    created_at: row.created_at.toISOString(),
  };
}

export type SignatureRequestView = ReturnType<typeof signatureRequestView>;
