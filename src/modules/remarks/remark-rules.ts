/**
 * When a reservation can be made (DESIGN, Shipment lifecycle; CMR articles 8, 30 and 35): the carrier's
 * at pickup, while the goods are being taken over (`issued`); a successive carrier's at its
 * takeover, while they are on their way (`in_transit`, before it signs: takeover-remarks.ts); the
 * consignee's at delivery, while they are on their way (`in_transit`). A final shipment takes none (`shipment_immutable`); any
 * other status makes the phase meaningless (`invalid_state`).
 */
import { AppError } from '../../core/errors.js';
import { assertChangeable, type ShipmentStatus } from '../shipments/shipment-status.js';
import type { SignatureRole } from '../signatures/signature-rules.js';

export type RemarkPhase = 'pickup' | 'delivery' | 'takeover';

const MADE_WHILE: Record<RemarkPhase, ShipmentStatus> = { pickup: 'issued', delivery: 'in_transit', takeover: 'in_transit' };

/** Which remarks a signer makes and sees: its phase, and for a successive carrier its position (-1 otherwise). */
export interface RemarkScope {
  phase: RemarkPhase;
  successive_index: number;
}

/** The remarks of a sign link's role: consignor and carrier at pickup, a successive carrier at its takeover, the consignee at delivery. */
export function remarkScopeOf(request: { role: SignatureRole; successive_index: number }): RemarkScope {
  if (request.role === 'successive_carrier') return { phase: 'takeover', successive_index: request.successive_index };
  return { phase: request.role === 'consignee' ? 'delivery' : 'pickup', successive_index: -1 };
}

const WHEN: Record<RemarkPhase, string> = {
  pickup: 'pickup remarks are made while the goods are taken over, when the shipment is issued and before consignor and carrier have both signed',
  delivery: 'delivery remarks are made at delivery, when the shipment is in transit and before the consignee signs',
  takeover: 'a successive carrier makes its takeover remarks when it takes the goods over, once consignor and carrier have signed at pickup and before the goods are delivered',
};

/** Raises `shipment_immutable` for a final shipment and `invalid_state` when the phase does not fit its status. */
export function assertRemarkable(shipment: { id: string; status: ShipmentStatus }, phase: RemarkPhase): void {
  assertChangeable(shipment.id, shipment.status);
  if (shipment.status !== MADE_WHILE[phase]) throw new AppError('invalid_state', `Shipment ${shipment.id} is ${shipment.status}: ${WHEN[phase]}.`);
}
