/**
 * Records a remark (a reservation) for every way of making one — the API, or a signer's link:
 * checks the phase fits the shipment's status and that the photos are this shipment's, emits
 * `remark.created` (fanned out to webhook endpoints in the same statement), and renders the next
 * version of the consignment note with every remark so far in its box — pickup remarks in box 18,
 * a successive carrier's takeover remarks in box 18 under its name, delivery remarks in the consignee's box, their photos on its annex — and every signature. The
 * photos are read before the render. All of it commits together or not at all, render-first
 * (DESIGN, Lifecycle: render, store, then commit in a short transaction that re-checks the head;
 * shipments/change-with-render.ts); a failed render is 500 `pdf_render_failed` with nothing changed.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import type { Language } from '../../core/language.js';
import type { AlsoWrite } from '../../ports/database.js';
import { consignmentNoteVersion, noteLanguage } from '../documents/consignment-note-version.js';
import { selectCurrentNote } from '../documents/documents.repository.js';
import { changeWithRender } from '../shipments/change-with-render.js';
import { shipmentNoteSignatures } from '../signatures/note-signatures.js';
import type { SignatureRole } from '../signatures/signature-rules.js';
import type { ProviderEvidence } from '../signatures/signatures.tables.js';
import { noteReservation, noteReservations } from './note-reservations.js';
import { readPhotoEvidence } from './photo-evidence.js';
import { checkRemarkPhotos } from './remark-photos.js';
import { assertRemarkable } from './remark-rules.js';
import { assertTakeoverOpen, remarkCarrier } from './takeover-remarks.js';
import { remarkView, type RemarkView } from './remark-view.js';
import { insertRemarkWrite, type RemarkRow } from './remarks.repository.js';

export interface NewRemark {
  phase: RemarkRow['phase'];
  /** For `takeover`: the successive carrier's position in `successive_carriers`. */
  successive_index?: number;
  type: RemarkRow['type'];
  text?: string;
  photo_document_ids?: readonly string[];
  /** The sign link it was made through: its signer's role and the request's id. */
  link?: { role: SignatureRole; signatureRequestId: string };
  /** When it was made on the device, if it reached the service later (the driver's offline queue). */
  capturedAt?: Date;
  /** Reported by another eCMR provider (source `provider`): what it told us. */
  providerEvidence?: ProviderEvidence;
}

/** Raises `not_found`, `shipment_immutable`, `invalid_state` (also a takeover remark after that carrier signed), `validation_failed` (photos, successive carrier), `pdf_render_failed` and `conflict` (the shipment kept changing). */
export async function createRemark(ctx: TenantContext, shipmentId: string, input: NewRemark, language: Language, alsoWrite?: AlsoWrite<RemarkView>): Promise<RemarkView> {
  const now = ctx.clock.now();
  const photos = [...(input.photo_document_ids ?? [])];
  return changeWithRender<RemarkView>(ctx, shipmentId, now, async (shipment) => {
    assertRemarkable(shipment, input.phase);
    const carrier = remarkCarrier(input.phase, input.successive_index, shipment.data.successive_carriers);
    if (carrier >= 0) await assertTakeoverOpen(ctx.db, ctx, shipment.id, carrier);
    await checkRemarkPhotos(ctx.db, ctx, shipment.id, photos);
    const current = await selectCurrentNote(ctx.db, ctx, shipment.id);
    if (!current) throw new Error(`shipment ${shipment.id} is ${shipment.status} but has no consignment note`);
    const evidence = await readPhotoEvidence(ctx, shipment.id, photos);

    const id = newId('remark', now);
    return {
      changes: {},
      events: [{ type: 'remark.created', status: shipment.status, fields: { remark_id: id, phase: input.phase, type: input.type, ...(carrier >= 0 ? { successive_index: carrier } : {}) } }],
      async render(changed, [created]) {
        const row: RemarkRow = {
          id,
          organization_id: ctx.organizationId,
          mode: ctx.mode,
          shipment_id: shipment.id,
          phase: input.phase,
          successive_index: carrier,
          type: input.type,
          text: input.text ?? null,
          photo_document_ids: photos,
          source: input.providerEvidence ? 'provider' : input.link ? 'sign_link' : 'api',
          role: input.link?.role ?? null,
          signature_request_id: input.link?.signatureRequestId ?? null,
          event_id: created!.event_id,
          rendered_document_id: '',
          created_at: now,
          captured_at: input.capturedAt ?? null,
          provider_evidence: input.providerEvidence ?? null,
        };
        const signatures = await shipmentNoteSignatures(ctx.db, ctx, shipment.id);
        const reservations = [...(await noteReservations(ctx.db, ctx, shipment.id, noteLanguage(changed, language), evidence)), noteReservation(row, evidence)];
        const note = await consignmentNoteVersion(ctx, ctx.db, changed, created!, { version: current.version + 1, language: noteLanguage(changed, language), signatures, reservations });
        row.rendered_document_id = note.document.id;
        return { writes: [insertRemarkWrite(ctx.db, row), ...note.writes], stored: [note.document.object_key], answer: remarkView(row) };
      },
      // Checked again under the lock: the head covers the shipment's changes, not every change of a document row.
      confirm: photos.length > 0 ? async (trx) => checkRemarkPhotos(trx, ctx, shipment.id, photos) : undefined,
    };
  }, alsoWrite);
}
