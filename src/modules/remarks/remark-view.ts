/** A remark as the API shows it, and the shorter form the signing page lists. */
import type { RemarkPhotoFile } from './remark-photo-files.js';
import type { RemarkRow } from './remarks.repository.js';

export function remarkView(row: RemarkRow) {
  return {
    id: row.id,
    shipment_id: row.shipment_id,
    phase: row.phase,
    successive_index: row.phase === 'takeover' ? row.successive_index : null,
    type: row.type,
    text: row.text,
    photo_document_ids: row.photo_document_ids,
    source: row.source,
    role: row.role,
    signature_request_id: row.signature_request_id,
    event_id: row.event_id,
    rendered_document_id: row.rendered_document_id,
    created_at: row.created_at.toISOString(),
    // Only where a device kept it first (the driver's app): other remarks keep their shape.
    ...(row.captured_at ? { captured_at: row.captured_at.toISOString() } : {}),
    provider: row.provider_evidence,
  };
}

export type RemarkView = ReturnType<typeof remarkView>;

export function signRemarkView(row: RemarkRow, photos: RemarkPhotoFile[]) {
  return { id: row.id, phase: row.phase, successive_index: row.phase === 'takeover' ? row.successive_index : null, type: row.type, text: row.text, created_at: row.created_at.toISOString(), photos };
}
