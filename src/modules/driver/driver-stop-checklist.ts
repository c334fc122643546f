/**
 * What is done and what is missing at a stop, for the driver's checklist (docs/driver.md): each
 * signature the stop needs (who signed, when, at which level), the remarks of its phase with their
 * photos (served to the session by GET /v1/driver/shipments/{id}/photos/{document_id}), any reason
 * the stop was closed without its signatures, and the note version.
 */
import type { RemarkRow } from '../remarks/remarks.repository.js';
import type { SignatureRow } from '../signatures/signatures.repository.js';
import { STOP_SIGNERS } from '../tours/stop-signatures.js';
import type { StoredStop } from '../tours/tours.repository.js';

export const driverPhotoPath = (shipmentId: string, documentId: string) => `/v1/driver/shipments/${encodeURIComponent(shipmentId)}/photos/${encodeURIComponent(documentId)}`;

/** A signature or remark of this stop: at a takeover only the successive carrier's it names. */
const ofStop = (stop: Pick<StoredStop, 'kind' | 'successive_index'>, row: { successive_index: number }) => stop.kind !== 'takeover' || row.successive_index === stop.successive_index;

export function stopChecklist(shipmentId: string, stop: Pick<StoredStop, 'kind' | 'successive_index'>, signatures: readonly SignatureRow[], remarks: readonly RemarkRow[], noteVersion: number | null) {
  const kind = stop.kind;
  return {
    signatures: STOP_SIGNERS[kind].map((role) => {
      const row = signatures.find((s) => s.role === role && ofStop(stop, s));
      return {
        role,
        signed: row !== undefined,
        signer_name: row?.signer_name ?? null,
        signed_at: row ? (row.captured_at ?? row.signed_at).toISOString() : null,
        level: row?.level ?? null,
      };
    }),
    remarks: remarks
      .filter((r) => r.phase === kind && ofStop(stop, r))
      .map((r) => ({
        id: r.id,
        type: r.type,
        text: r.text,
        created_at: (r.captured_at ?? r.created_at).toISOString(),
        photos: r.photo_document_ids.map((id) => ({ document_id: id, url: driverPhotoPath(shipmentId, id) })),
      })),
    note_version: noteVersion,
  };
}
