/**
 * What an inspector sees of one note (GET /v1/inspect/{token}), also the body of a federated read:
 * the shipment in brief, the current version's data, every version with a signed download link,
 * the signatures and remarks, the integrity verdict, and the eFTI identifiers. The page at
 * /inspect/{token} is rendered from this same document, so the two never disagree.
 *
 * What it leaves out, because anyone holding the QR code reads it: signature evidence (addresses,
 * user agents, locations, one-time-password and identification references) and the input fields
 * the note does not print — `driver` (a phone that receives sign links) and `principal`.
 */
import type { Services, TenantContext } from '../../core/context.js';
import { DEFAULT_LINK_SECONDS } from '../documents/document.schema.js';
import { signedDownloadUrl } from '../documents/download-links.js';
import { selectDocuments, type DocumentRow } from '../documents/documents.repository.js';
import { erasureCount } from '../privacy/privacy.repository.js';
import { remarkPhotoFiles, shipmentPhotos, type RemarkPhotoFile } from '../remarks/remark-photo-files.js';
import { selectRemarks } from '../remarks/remarks.repository.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { selectSignatures } from '../signatures/signatures.repository.js';
import { followUpsOf, type EftiFollowUp } from './follow-ups.js';
import { inspectionIntegrity, type InspectionIntegrity } from './inspection-integrity.js';

/** The gate and platform this deployment is registered as (EFTI_GATE_ID, EFTI_PLATFORM_ID), when configured. */
export interface EftiIdentity {
  gateId?: string | null;
  platformId?: string | null;
}

export interface InspectionOptions {
  efti?: EftiIdentity;
}

/** More versions than a note ever gets (one per signature or remark); the list stays one query. */
const MAX_VERSIONS = 500;
const NOT_PRINTED = new Set(['driver', 'principal']);

export interface InspectionDocument extends Record<string, unknown> {
  shipment: { id: string; status: string; mode: string; reference: string | null; transport_type: string; issued_at: string | null; delivered_at: string | null; cancelled_at: string | null };
  note: { document_id: string | null; version: number | null; language: string | null; data: Record<string, unknown> };
  versions: { document_id: string; version: number; sha256: string; created_at: string; cause: { event_id: string; event_type: string }; url: string; url_expires_at: string }[];
  signatures: { role: string; successive_index: number | null; phase: string; level: string; method: string; signer_name: string; signed_at: string; document_sha256: string }[];
  remarks: { phase: string; successive_index: number | null; type: string; text: string | null; role: string | null; photos: number; photo_files: RemarkPhotoFile[]; created_at: string }[];
  integrity: InspectionIntegrity;
  efti: { uil: { gate_id: string | null; platform_id: string | null; dataset_id: string | null }; follow_ups: EftiFollowUp[] };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function versionView(ctx: TenantContext, row: DocumentRow, expires: number): InspectionDocument['versions'][number] {
  return {
    document_id: row.id,
    version: row.version,
    sha256: row.sha256,
    created_at: row.created_at.toISOString(),
    cause: { event_id: row.cause_event_id, event_type: row.cause_event_type },
    url: signedDownloadUrl(ctx.publicBaseUrl, ctx.secrets.urls, { documentId: row.id, organizationId: ctx.organizationId, mode: ctx.mode, expires }),
    url_expires_at: new Date(expires * 1000).toISOString(),
  };
}

export async function inspectionDocument(services: Services, shipment: ShipmentRow, options: InspectionOptions = {}): Promise<InspectionDocument> {
  const ctx: TenantContext = { ...services, organizationId: shipment.organization_id, mode: shipment.mode, requestId: 'inspection' };
  const [erasures, notes, signatures, remarks, photos, followUps] = await Promise.all([
    // Counted with the rows, before the integrity checks read the chain (inspection-integrity.ts).
    erasureCount(ctx.db, ctx),
    selectDocuments(ctx.db, ctx, { shipmentId: shipment.id, kind: 'consignment_note', order: 'asc', limit: MAX_VERSIONS }),
    selectSignatures(ctx.db, ctx, shipment.id),
    selectRemarks(ctx.db, ctx, shipment.id, { order: 'asc' }),
    shipmentPhotos(ctx.db, ctx, shipment.id),
    followUpsOf(ctx, shipment.id),
  ]);
  const current = notes.at(-1);
  const integrity = await inspectionIntegrity(ctx, shipment, current, erasures);
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + DEFAULT_LINK_SECONDS;
  const datasetId = shipment.dataset_id;
  return {
    shipment: {
      id: shipment.id,
      status: shipment.status,
      mode: shipment.mode,
      reference: shipment.reference,
      transport_type: shipment.transport_type,
      issued_at: iso(shipment.issued_at),
      delivered_at: iso(shipment.delivered_at),
      cancelled_at: iso(shipment.cancelled_at),
    },
    note: {
      document_id: current?.id ?? null,
      version: current?.version ?? null,
      language: current?.language ?? null,
      data: Object.fromEntries(Object.entries(shipment.data).filter(([key]) => !NOT_PRINTED.has(key))),
    },
    versions: notes.map((row) => versionView(ctx, row, expires)),
    signatures: signatures.map((row) => ({
      role: row.role,
      successive_index: row.role === 'successive_carrier' ? row.successive_index : null,
      phase: row.phase,
      level: row.level,
      method: row.method,
      signer_name: row.signer_name,
      signed_at: row.signed_at.toISOString(),
      document_sha256: row.document_sha256,
    })),
    remarks: remarks.map((row) => ({
      phase: row.phase,
      successive_index: row.phase === 'takeover' ? row.successive_index : null,
      type: row.type,
      text: row.text,
      role: row.role,
      photos: row.photo_document_ids.length,
      photo_files: remarkPhotoFiles(row, photos, (id) => `${ctx.publicBaseUrl}/v1/inspect/${shipment.inspection_token ?? ''}/photos/${id}`),
      created_at: row.created_at.toISOString(),
    })),
    integrity,
    efti: { uil: { gate_id: (options.efti ?? services.efti)?.gateId ?? null, platform_id: (options.efti ?? services.efti)?.platformId ?? null, dataset_id: datasetId }, follow_ups: followUps },
  };
}
