/** A signature as the API shows it: who, how, at which level and phase, and its evidence. */
import type { SignatureRow } from './signatures.repository.js';

export function signatureView(row: SignatureRow) {
  return {
    id: row.id,
    shipment_id: row.shipment_id,
    role: row.role,
    successive_index: row.role === 'successive_carrier' ? row.successive_index : null,
    phase: row.phase,
    method: row.method,
    level: row.level,
    signer_name: row.signer_name,
    signed_at: row.signed_at.toISOString(),
    place: row.place,
    evidence: {
      document_id: row.document_id,
      document_sha256: row.document_sha256,
      ip: row.ip,
      user_agent: row.user_agent,
      location: row.location,
      otp_reference: row.otp_reference,
      identification_reference: row.identification_reference,
      has_image: row.image_object_key !== null,
      signature_request_id: row.signature_request_id,
      handoff_from: row.handoff_from,
      trust_signature: row.trust_signature,
      simulated: row.simulated,
      // Only where a device kept it first (the driver's app): other signatures keep their shape.
      ...(row.captured_at ? { captured_at: row.captured_at.toISOString() } : {}),
      provider: row.provider_evidence,
    },
    event_id: row.event_id,
    rendered_document_id: row.rendered_document_id,
  };
}

export type SignatureView = ReturnType<typeof signatureView>;
