/**
 * The carrier accepts a disposal instruction (CMR art. 12; docs/right-of-disposal.md): its place of
 * delivery and consignee become the shipment's delivery data — box 2 and box 3 of the next note,
 * the driver's destination — and the next consignment-note version prints the instruction in box
 * 13, the note "on which the new instructions have been entered" (art. 12(5)(a)). The consignment
 * note fields are frozen after issue for every other change; this is the one way the Convention
 * gives to change them. What the shipment derives from those fields is derived again, as create
 * derives it (shipments/derived-changes.ts): a new place of delivery in another country makes a
 * national carriage international (CMR art. 1(1)) or the other way round, and the transport type,
 * the rules' warnings, the eFTI dataset and the note's "Transport" line follow. Render-first, with
 * no transaction across the render (shipments/change-with-render.ts); `shipment.disposal_accepted`
 * is chained with the change.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { Language } from '../../core/language.js';
import type { AlsoWrite } from '../../ports/database.js';
import { consignmentNoteVersion, noteLanguage } from '../documents/consignment-note-version.js';
import { selectCurrentNote } from '../documents/documents.repository.js';
import { noteReservations } from '../remarks/note-reservations.js';
import { readPhotoEvidence } from '../remarks/photo-evidence.js';
import { changeWithRender } from '../shipments/change-with-render.js';
import { derivedChanges } from '../shipments/derived-changes.js';
import { deriveTransportType } from '../shipments/rules/transport-type.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { shipmentNoteSignatures } from '../signatures/note-signatures.js';
import { decideInstructionWrite, type DisposalInstructionRow } from './disposal.repository.js';
import { disposalInstructionView, type DisposalInstructionView } from './disposal-view.js';
import { decidableInstruction } from './decidable-instruction.js';
import { noteDisposal, noteDisposals } from './note-disposals.js';

/** The shipment's input fields after the instruction: what changes, per kind. */
export function deliveryDataAfter(data: ShipmentRow['data'], row: Pick<DisposalInstructionRow, 'kind' | 'delivery' | 'consignee'>): { data: ShipmentRow['data']; changed: string[] } {
  const next = { ...data };
  if (row.kind === 'change_consignee') next.consignee = row.consignee;
  if (row.kind === 'return') {
    // Back to the sender: at the place given, else where the goods were taken over.
    next.consignee = data.consignor;
    const pickup = data.pickup as { address?: unknown; contact?: unknown } | undefined;
    next.delivery = row.delivery ?? (pickup ? { address: pickup.address, ...(pickup.contact ? { contact: pickup.contact } : {}) } : data.delivery);
  } else if (row.delivery) next.delivery = row.delivery;
  // A transport type the client sent described the old lane: derived again from the new one.
  if (next.transport_type !== undefined && next.transport_type !== deriveTransportType(next)) delete next.transport_type;
  const changed = (['consignee', 'delivery'] as const).filter((field) => JSON.stringify(next[field]) !== JSON.stringify(data[field]));
  return { data: next, changed };
}

/**
 * Raises `not_found`, `invalid_state` (delivered or cancelled), `conflict` (already decided, or the
 * shipment kept changing), `validation_failed` (the shipment with the new place or consignee breaks
 * a business rule, as a create would: the carrier may refuse the instruction) and `pdf_render_failed`.
 */
export async function acceptDisposalInstruction(ctx: TenantContext, shipmentId: string, instructionId: string, language: Language, alsoWrite?: AlsoWrite<DisposalInstructionView>): Promise<DisposalInstructionView> {
  const now = ctx.clock.now();
  return changeWithRender<DisposalInstructionView>(ctx, shipmentId, now, async (shipment) => {
    const instruction = await decidableInstruction(ctx, shipment, instructionId);
    const current = await selectCurrentNote(ctx.db, ctx, shipment.id);
    if (!current) throw new AppError('invalid_state', `Shipment ${shipment.id} has no consignment note yet.`);
    const after = deliveryDataAfter(shipment.data, instruction);
    const derived = after.changed.length > 0 ? derivedChanges(after.data, 'The shipment with the instruction carried out') : undefined;
    const changedFields = derived && derived.transport_type !== shipment.transport_type ? [...after.changed, 'transport_type'] : after.changed;
    const evidence = await readPhotoEvidence(ctx, shipment.id);
    return {
      changes: derived ?? {},
      events: [{ type: 'shipment.disposal_accepted', status: shipment.status, fields: { instruction_id: instruction.id, kind: instruction.kind, changed_fields: changedFields } }],
      async render(changed, [accepted]) {
        const noteLang = noteLanguage(changed, language);
        const signatures = await shipmentNoteSignatures(ctx.db, ctx, shipment.id);
        const reservations = await noteReservations(ctx.db, ctx, shipment.id, noteLang, evidence);
        const disposals = [...(await noteDisposals(ctx.db, ctx, shipment.id)), noteDisposal(instruction, now)];
        const note = await consignmentNoteVersion(ctx, ctx.db, changed, accepted!, { version: current.version + 1, language: noteLang, signatures, reservations, disposals });
        const decision = { status: 'accepted' as const, refusal_reason: null, refusal_text: null, decision_event_id: accepted!.event_id, rendered_document_id: note.document.id, decided_at: now };
        return {
          writes: [decideInstructionWrite(ctx.db, ctx, instruction.id, decision), ...note.writes],
          stored: [note.document.object_key],
          answer: disposalInstructionView({ ...instruction, ...decision }),
        };
      },
    };
  }, alsoWrite);
}
