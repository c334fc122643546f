/**
 * A stop closed without its signatures, with the driver's reason, on the shipment: the
 * `stop.closed_unsigned` event in its chain (with the capture time) and a new note version that
 * prints it. A pickup closed so takes the goods over (`shipment.in_transit`), so the consignee can
 * sign at delivery and the proof of delivery can come to exist; a delivery closed so leaves the
 * shipment's status as it is (there is no proof of delivery without the consignee's signature).
 * It is a change made render-first (shipments/change-with-render.ts): the note renders before the
 * tour's short transaction opens.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { consignmentNoteVersion, noteLanguage } from '../documents/consignment-note-version.js';
import { selectCurrentNote } from '../documents/documents.repository.js';
import type { ShipmentEventSpec } from '../events/record-shipment-events.js';
import { noteReservations, unsignedStopReservation } from '../remarks/note-reservations.js';
import { readPhotoEvidence } from '../remarks/photo-evidence.js';
import type { RenderedChange } from '../shipments/change-with-render.js';
import { assertChangeable, assertTransition, TRANSITIONS } from '../shipments/shipment-status.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { shipmentNoteSignatures } from '../signatures/note-signatures.js';
import type { UnsignedStop } from './stop-signatures.js';

/** The change of the shipment as read, with its render. Raises `shipment_immutable`, `invalid_state` (a shipment not at the stop's phase); its render `pdf_render_failed`. */
export async function unsignedStopChange<T>(ctx: TenantContext, shipment: ShipmentRow, where: { tour_id: string; position: number }, stop: UnsignedStop, now: Date): Promise<RenderedChange<T>> {
  assertChangeable(shipment.id, shipment.status);
  // A draft has no note to print it on; a delivery whose pickup happened off the tour may find the shipment still issued.
  if (shipment.status !== 'issued' && shipment.status !== 'in_transit') {
    throw new AppError('invalid_state', `Shipment ${shipment.id} is ${shipment.status}: a stop is closed without signatures once the shipment is issued, and its note can say so.`);
  }
  const current = await selectCurrentNote(ctx.db, ctx, shipment.id);
  if (!current) throw new Error(`shipment ${shipment.id} is ${shipment.status} but has no consignment note`);
  // The note's annex shows the remarks' photos: read from the object store before the render.
  const evidence = await readPhotoEvidence(ctx, shipment.id);
  const moves = stop.kind === 'pickup' && shipment.status === 'issued';
  if (moves) assertTransition(shipment.id, shipment.status, 'in_transit');
  const fields = { ...where, kind: stop.kind, missing: stop.missing, reason: stop.reason, ...(stop.text ? { text: stop.text } : {}), captured_at: stop.captured_at };
  const events: ShipmentEventSpec[] = [
    { type: 'stop.closed_unsigned', status: moves ? 'in_transit' : shipment.status, fields },
    ...(moves ? [{ type: TRANSITIONS.in_transit.event, status: 'in_transit' }] : []),
  ];
  return {
    changes: moves ? { status: 'in_transit' as const, [TRANSITIONS.in_transit.stamp]: now } : {},
    events,
    async render(changed, [closed]) {
      const language = noteLanguage(changed, 'en');
      const signatures = await shipmentNoteSignatures(ctx.db, ctx, shipment.id);
      const reservations = [...(await noteReservations(ctx.db, ctx, shipment.id, language, evidence)), unsignedStopReservation(stop, now, language)];
      const note = await consignmentNoteVersion(ctx, ctx.db, changed, closed!, { version: current.version + 1, language, signatures, reservations });
      return { writes: note.writes, stored: [note.document.object_key] };
    },
  };
}
