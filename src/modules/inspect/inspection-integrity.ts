/**
 * The integrity verdict an inspector reads: `intact` only when the shipment's event chain verifies
 * exactly as GET /v1/shipments/{id}/integrity reports it, the current consignment-note PDF still
 * has the SHA-256 recorded when it was made, and its PAdES seal verifies. Anything else is
 * `broken`, with the failing part named, so a roadside check and the API never disagree.
 */
import type { TenantContext } from '../../core/context.js';
import type { DocumentRow } from '../documents/documents.repository.js';
import { sha256Hex, verifySeal } from '../documents/pades/verify-seal.js';
import { checkShipmentIntegrity } from '../shipments/check-shipment-integrity.js';

export interface InspectionIntegrity {
  verdict: 'intact' | 'broken';
  chain: { valid: boolean; events_checked: number; first_bad_seq: number | null };
  /** The current note version's checks; null when no version can be read. */
  document: { id: string; version: number; sha256_matches: boolean; seal_valid: boolean } | null;
  checked_at: string;
}

export async function inspectionIntegrity(ctx: TenantContext, shipmentId: string, note: DocumentRow | undefined): Promise<InspectionIntegrity> {
  const [report, stored] = await Promise.all([checkShipmentIntegrity(ctx, shipmentId), note ? ctx.objects.get(note.object_key) : null]);
  const document =
    note && stored
      ? { id: note.id, version: note.version, sha256_matches: (await sha256Hex(stored.body)) === note.sha256, seal_valid: await verifySeal(stored.body) }
      : note
        ? { id: note.id, version: note.version, sha256_matches: false, seal_valid: false }
        : null;
  const intact = report.valid && document !== null && document.sha256_matches && document.seal_valid;
  return {
    verdict: intact ? 'intact' : 'broken',
    chain: { valid: report.valid, events_checked: report.events_checked, first_bad_seq: report.first_bad_seq },
    document,
    checked_at: report.checked_at,
  };
}
