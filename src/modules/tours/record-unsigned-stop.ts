/**
 * A stop closed without its signatures, with the driver's reason, on the shipment: the
 * `stop.closed_unsigned` event in its chain (with the capture time) and a new note version that
 * prints it. A pickup closed so takes the goods over (`shipment.in_transit`), so the consignee can
 * sign at delivery and the proof of delivery can come to exist; a delivery closed so leaves the
 * shipment's status as it is (there is no proof of delivery without the consignee's signature).
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { consignmentNoteVersion, noteLanguage } from '../documents/consignment-note-version.js';
import { selectCurrentNote } from '../documents/documents.repository.js';
import type { ShipmentEventSpec } from '../events/record-shipment-events.js';
import { noteReservations, unsignedStopReservation } from '../remarks/note-reservations.js';
import type { PhotoEvidence } from '../remarks/photo-evidence.js';
import { findShipment } from '../shipments/get-shipment.js';
import { recordShipmentChange } from '../shipments/record-shipment-change.js';
import { assertChangeable, assertTransition, TRANSITIONS } from '../shipments/shipment-status.js';
import { shipmentNoteSignatures } from '../signatures/note-signatures.js';
import type { UnsignedStop } from './stop-signatures.js';


/** Inside the tour's transaction, with the shipment's photos read before it. Raises `shipment_immutable`, `invalid_state` (a shipment not at the stop's phase) and `pdf_render_failed`. */
export async function recordUnsignedStop(trx: Database, ctx: TenantContext, shipmentId: string, where: { tour_id: string; position: number }, stop: UnsignedStop, now: Date, evidence?: PhotoEvidence): Promise<void> {
  const shipment = await findShipment(trx, ctx, shipmentId, { forUpdate: true });
  assertChangeable(shipment.id, shipment.status);
  // A draft has no note to print it on; a delivery whose pickup happened off the tour may find the shipment still issued.
  if (shipment.status !== 'issued' && shipment.status !== 'in_transit') {
    throw new AppError('invalid_state', `Shipment ${shipment.id} is ${shipment.status}: a stop is closed without signatures once the shipment is issued, and its note can say so.`);
  }
  const current = await selectCurrentNote(trx, ctx, shipment.id);
  if (!current) throw new Error(`shipment ${shipment.id} is ${shipment.status} but has no consignment note`);
  const moves = stop.kind === 'pickup' && shipment.status === 'issued';
  if (moves) assertTransition(shipment.id, shipment.status, 'in_transit');
  const fields = { ...where, kind: stop.kind, missing: stop.missing, reason: stop.reason, ...(stop.text ? { text: stop.text } : {}), captured_at: stop.captured_at };
  const events: ShipmentEventSpec[] = [
    { type: 'stop.closed_unsigned', status: moves ? 'in_transit' : shipment.status, fields },
    ...(moves ? [{ type: TRANSITIONS.in_transit.event, status: 'in_transit' }] : []),
  ];
  const changes = moves ? { status: 'in_transit' as const, [TRANSITIONS.in_transit.stamp]: now } : {};
  await recordShipmentChange(trx, ctx, shipment, changes, events, now, async (changed, [closed]) => {
    const language = noteLanguage(changed, 'en');
    const signatures = await shipmentNoteSignatures(trx, ctx, shipment.id);
    const reservations = [...(await noteReservations(trx, ctx, shipment.id, language, evidence)), unsignedStopReservation(stop, now, language)];
    const note = await consignmentNoteVersion(ctx, trx, changed, closed!, { version: current.version + 1, language, signatures, reservations });
    return note.writes;
  });
}
