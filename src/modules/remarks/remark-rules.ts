/**
 * When a reservation can be made (DESIGN, Shipment lifecycle; CMR articles 8 and 30): the carrier's
 * at pickup, while the goods are being taken over (`issued`); the consignee's at delivery, while
 * they are on their way (`in_transit`). A final shipment takes none (`shipment_immutable`); any
 * other status makes the phase meaningless (`invalid_state`).
 */
import { AppError } from '../../core/errors.js';
import { assertChangeable, type ShipmentStatus } from '../shipments/shipment-status.js';

export type RemarkPhase = 'pickup' | 'delivery';

const MADE_WHILE: Record<RemarkPhase, ShipmentStatus> = { pickup: 'issued', delivery: 'in_transit' };

const WHEN: Record<RemarkPhase, string> = {
  pickup: 'pickup remarks are made while the goods are taken over, when the shipment is issued and before consignor and carrier have both signed',
  delivery: 'delivery remarks are made at delivery, when the shipment is in transit and before the consignee signs',
};

/** Raises `shipment_immutable` for a final shipment and `invalid_state` when the phase does not fit its status. */
export function assertRemarkable(shipment: { id: string; status: ShipmentStatus }, phase: RemarkPhase): void {
  assertChangeable(shipment.id, shipment.status);
  if (shipment.status !== MADE_WHILE[phase]) throw new AppError('invalid_state', `Shipment ${shipment.id} is ${shipment.status}: ${WHEN[phase]}.`);
}
