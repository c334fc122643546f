/**
 * A new version of a shipment's consignment note, made inside the request that causes it (DESIGN,
 * Lifecycle: render, store, then commit in a short transaction that re-checks the head): the PDF
 * is rendered from the shipment as it will be committed and sealed (PAdES B-B, once: see
 * pades/seal-pdf.ts) in the renderer's threads, off the event loop, with no transaction open (the
 * callers go through shipments/change-with-render.ts, or commit a new shipment in one statement);
 * its bytes are put in the object store, and the caller commits the returned writes (the document
 * row and the storage meter) with its change. A render that fails raises 500 `pdf_render_failed`
 * (a full render queue 503 `service_unavailable`) before anything is written, so the client's
 * retry is safe. Bytes stored for a change whose transaction rolls back are removed again.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import type { Database, Write } from '../../ports/database.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { usageWrite } from '../usage/record-usage.js';
import type { NoteDisposal, NoteLanguage, NoteReservation, NoteSignature } from './consignment-note/consignment-note-input.js';
import { noteDisposals } from '../disposal/note-disposals.js';
import { renderSealedPdf } from './rendering/render-sealed-pdf.js';
import { documentObjectKey } from './document-keys.js';
import { insertDocumentWrite, type DocumentRow } from './documents.repository.js';
import { inspectionUrl } from './inspection-link.js';

const NOTE_LANGUAGES: readonly NoteLanguage[] = ['en', 'nl', 'de', 'fr'];

/**
 * The request languages a note falls back to: English and Dutch, as before the API spoke German and
 * French (finding messages only). A German sign page's signature thus does not switch a note's
 * next version to German labels; only the driver's language prints German or French.
 */
const REQUEST_NOTE_LANGUAGES: readonly NoteLanguage[] = ['en', 'nl'];

/**
 * The language of the printed labels: the driver's, who carries the note and shows it at the
 * roadside, when we print it; else the language of the request that caused the version.
 */
export function noteLanguage(shipment: ShipmentRow, requestLanguage: string): NoteLanguage {
  const driver = (shipment.data.driver as { language?: string } | undefined)?.language;
  if (NOTE_LANGUAGES.includes(driver as NoteLanguage)) return driver as NoteLanguage;
  return REQUEST_NOTE_LANGUAGES.find((l) => l === requestLanguage) ?? 'en';
}

/** Box 21: where and when the note was established — the consignor's city and the issue time. */
export function noteEstablished(shipment: ShipmentRow, issuedAt: Date): { place: string; at: Date } {
  const consignor = shipment.data.consignor as { address?: { city?: string } } | undefined;
  return { place: consignor?.address?.city ?? '', at: shipment.issued_at ?? issuedAt };
}

export interface NoteCause {
  event_id: string;
  type: string;
  created_at: Date;
}

export async function consignmentNoteVersion(
  ctx: TenantContext,
  db: Database,
  shipment: ShipmentRow,
  cause: NoteCause,
  options: { version: number; language: NoteLanguage; signatures?: readonly NoteSignature[]; reservations?: readonly NoteReservation[]; disposals?: readonly NoteDisposal[] },
): Promise<{ writes: Write[]; document: DocumentRow }> {
  if (!shipment.inspection_token) throw new Error(`shipment ${shipment.id} has no inspection token: it is rendered only once issued`);
  const id = newId('document', cause.created_at);
  // Accepted disposal instructions stay on every later version, whatever causes it; none before the first version.
  const disposals = options.disposals ?? (options.version > 1 ? await noteDisposals(db, ctx, shipment.id) : []);
  const { body, sha256 } = await renderSealedPdf(
    ctx,
    {
      kind: 'consignment_note',
      input: {
        shipment: { ...shipment.data, id: shipment.id, status: shipment.status, transport_type: shipment.transport_type },
        document_id: id,
        version: options.version,
        inspection_url: inspectionUrl(ctx.publicBaseUrl, shipment.inspection_token),
        language: options.language,
        established: noteEstablished(shipment, cause.created_at),
        rendered_at: cause.created_at,
        signatures: options.signatures ?? [],
        reservations: options.reservations ?? [],
        disposals,
      },
      seal: { at: cause.created_at, reason: `Consignment note ${shipment.id}, version ${options.version}`, location: 'EU' },
    },
    'The consignment note could not be rendered; nothing was changed. Retry the request.',
  );
  const key = documentObjectKey(ctx, shipment.id, id, 'pdf');
  await ctx.objects.put(key, body, { contentType: 'application/pdf' });
  const document: DocumentRow = {
    id,
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    shipment_id: shipment.id,
    kind: 'consignment_note',
    version: options.version,
    content_type: 'application/pdf',
    size: body.length,
    sha256,
    filename: `cmr-${shipment.id}-v${options.version}.pdf`,
    object_key: key,
    cause_event_id: cause.event_id,
    cause_event_type: cause.type,
    language: options.language,
    created_at: cause.created_at,
    deleted_at: null,
  };
  return { writes: [insertDocumentWrite(db, document), usageWrite(db, ctx, 'storage_bytes', cause.created_at, body.length)], document };
}
