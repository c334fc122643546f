/**
 * What an inspector sees of one note (GET /v1/inspect/{token}), also the body of a federated read:
 * the shipment in brief, the current version's data, every version with a signed download link,
 * the signatures and remarks, the integrity verdict, and the eFTI identifiers. The page at
 * /inspect/{token} is rendered from this same document, so the two never disagree.
 *
 * What it leaves out, because anyone holding the QR code reads it: signature evidence (addresses,
 * user agents, locations, one-time-password and identification references) and the input fields
 * the note does not print — `driver` (a phone that receives sign links) and `principal`.
 *
 * An inspection is a read: what it shows of the database beyond the shipment row (the note's
 * versions, signatures, remarks, photos, follow-ups) is kept per state of the shipment — its chain
 * head, which every change to those moves, and its tenant's erasures, which rewrite them without a
 * new head (shipments/shipment-state.ts) — so a repeated inspection reads only the row. What a key
 * cannot see (a row edited behind the service's back, a retention purge) shows once the kept rows
 * are SOURCE_MAX_AGE_MS old, as for the verdict (inspection-integrity.ts). The download links, their
 * expiry and the eFTI identity are made per request.
 */
import type { Services, TenantContext } from '../../core/context.js';
import { LruCache } from '../../core/lru-cache.js';
import { DEFAULT_LINK_SECONDS } from '../documents/document.schema.js';
import { signedDownloadUrl } from '../documents/download-links.js';
import { selectCurrentNote, selectDocuments, type DocumentRow } from '../documents/documents.repository.js';
import { erasureCount } from '../privacy/privacy.repository.js';
import { remarkPhotoFiles, shipmentPhotos, type RemarkPhotoFile } from '../remarks/remark-photo-files.js';
import { selectRemarks } from '../remarks/remarks.repository.js';
import type { RemarkRow } from '../remarks/remarks.repository.js';
import { shipmentStateKey } from '../shipments/shipment-state.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { selectSignatures } from '../signatures/signatures.repository.js';
import { followUpsOf, type EftiFollowUp } from './follow-ups.js';
import type { CurrentNote, InspectionState } from './inspect.repository.js';
import { inspectionIntegrity, VERDICT_MAX_AGE_MS, type InspectionIntegrity } from './inspection-integrity.js';

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

/**
 * On a document: what its content is kept under (the shipment's state, the current note and when
 * the rows beside it were read), for a renderer that keeps what it makes of it. A symbol, so the
 * JSON answer never shows it. What varies per request (the signed download links) is not in it.
 */
export const CONTENT_KEY = Symbol('inspection content key');

export interface InspectionDocument extends Record<string, unknown> {
  [CONTENT_KEY]?: string;
  shipment: { id: string; status: string; mode: string; reference: string | null; transport_type: string; issued_at: string | null; delivered_at: string | null; cancelled_at: string | null };
  note: { document_id: string | null; version: number | null; language: string | null; data: Record<string, unknown> };
  versions: { document_id: string; version: number; sha256: string; created_at: string; cause: { event_id: string; event_type: string }; url: string; url_expires_at: string }[];
  signatures: { role: string; successive_index: number | null; phase: string; level: string; method: string; signer_name: string; signed_at: string; document_sha256: string }[];
  remarks: { phase: string; successive_index: number | null; type: string; text: string | null; role: string | null; photos: number; photo_files: RemarkPhotoFile[]; created_at: string }[];
  integrity: InspectionIntegrity;
  efti: { uil: { gate_id: string | null; platform_id: string | null; dataset_id: string | null }; follow_ups: EftiFollowUp[] };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function versionView(ctx: TenantContext, row: CurrentNote, expires: number): InspectionDocument['versions'][number] {
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

/** What an inspection reads of the database besides the shipment row, as of one state of the shipment. */
interface InspectionSource {
  notes: DocumentRow[];
  signatures: InspectionDocument['signatures'];
  remarks: RemarkRow[];
  photos: ReadonlyMap<string, DocumentRow>;
  followUps: EftiFollowUp[];
  /** Clock time (ms) of the read. */
  readAt: number;
}

/** How long kept rows stand although nothing they key on changed: as long as a kept verdict. */
export const SOURCE_MAX_AGE_MS = VERDICT_MAX_AGE_MS;
/**
 * Shipments being inspected at once, with room; a few kilobytes each. The promise is kept, so
 * requests arriving together on a new state share one read.
 */
const sources = new LruCache<Promise<InspectionSource>>(512);

async function readSource(ctx: TenantContext, shipmentId: string): Promise<InspectionSource> {
  const readAt = ctx.clock.now().getTime();
  const [notes, signatures, remarks, photos, followUps] = await Promise.all([
    selectDocuments(ctx.db, ctx, { shipmentId, kind: 'consignment_note', order: 'asc', limit: MAX_VERSIONS }),
    selectSignatures(ctx.db, ctx, shipmentId),
    selectRemarks(ctx.db, ctx, shipmentId, { order: 'asc' }),
    shipmentPhotos(ctx.db, ctx, shipmentId),
    followUpsOf(ctx, shipmentId),
  ]);
  return {
    notes,
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
    remarks,
    photos,
    followUps,
    readAt,
  };
}

/**
 * The shipment's versions, signatures, remarks, photos and follow-ups as of its state (its head,
 * the tenant's erasures and the current note as recorded, read no later than the row), kept or read
 * now. Kept values are shared by every request that reads them: none may change one.
 */
function sourceKey(shipment: ShipmentRow, state: InspectionState): string {
  const { note } = state;
  return `${shipmentStateKey(shipment, shipment.head_hash, state.erasures)}:${note ? `${note.id}:${note.version}:${note.sha256}` : 'none'}`;
}

async function inspectionSource(ctx: TenantContext, shipment: ShipmentRow, state: InspectionState): Promise<InspectionSource> {
  const key = sourceKey(shipment, state);
  const kept = sources.get(key);
  const source = kept && (await kept.catch(() => undefined));
  if (source && ctx.clock.now().getTime() - source.readAt < SOURCE_MAX_AGE_MS) return source;
  // Another request may have started the read again meanwhile.
  const newer = sources.get(key);
  if (newer && newer !== kept) return newer;
  const reading = readSource(ctx, shipment.id);
  sources.set(key, reading);
  reading.catch(() => {
    if (sources.get(key) === reading) sources.delete(key);
  });
  return reading;
}

/** The state an inspection keys on, for a caller that has only the row (a federated read). */
async function readState(ctx: TenantContext, shipmentId: string): Promise<InspectionState> {
  const [erasures, note] = await Promise.all([erasureCount(ctx.db, ctx), selectCurrentNote(ctx.db, ctx, shipmentId)]);
  return { erasures, note };
}

/**
 * `state`: the tenant's erasures and the current note, read with the shipment row
 * (inspect.repository.ts `selectInspectionTarget`); read here when not given.
 */
export async function inspectionDocument(services: Services, shipment: ShipmentRow, options: InspectionOptions = {}, state?: InspectionState): Promise<InspectionDocument> {
  const ctx: TenantContext = { ...services, organizationId: shipment.organization_id, mode: shipment.mode, requestId: 'inspection' };
  // Read before the kept rows and the integrity checks (inspection-integrity.ts).
  const known = state ?? (await readState(ctx, shipment.id));
  const { notes, signatures, remarks, photos, followUps, readAt } = await inspectionSource(ctx, shipment, known);
  const current = known.note;
  const integrity = await inspectionIntegrity(ctx, shipment, current, known.erasures);
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + DEFAULT_LINK_SECONDS;
  const datasetId = shipment.dataset_id;
  return {
    [CONTENT_KEY]: `${sourceKey(shipment, known)}:${readAt}`,
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
    signatures,
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
