/**
 * Who signs when (CMR articles 5, 9 and 30; the e-CMR protocol): the consignor and the carrier
 * sign at pickup, while the shipment is `issued`, and once both have signed the goods are taken
 * over (`in_transit`); a successive carrier signs when it takes the goods over in transit; the
 * consignee signs at delivery, which delivers the shipment. Each role signs once. Successive
 * carriers take over in the order the note names them (CMR art. 34: each takes the goods over from
 * the carrier before it): the first after the first carrier's pickup, each next one after the one
 * before it has taken over.
 */
import { AppError } from '../../core/errors.js';
import { assertChangeable, assertTransition, FINAL_STATUSES, type ShipmentStatus } from '../shipments/shipment-status.js';

export const SIGNATURE_ROLES = ['consignor', 'carrier', 'consignee', 'successive_carrier'] as const;
export type SignatureRole = (typeof SIGNATURE_ROLES)[number];
export type Phase = 'pickup' | 'delivery';

export const PHASE_OF: Record<SignatureRole, Phase> = { consignor: 'pickup', carrier: 'pickup', successive_carrier: 'pickup', consignee: 'delivery' };

/** The status a role signs in. */
const SIGNS_WHEN: Record<SignatureRole, ShipmentStatus> = { consignor: 'issued', carrier: 'issued', successive_carrier: 'in_transit', consignee: 'in_transit' };

const NOT_YET: Record<SignatureRole, string> = {
  consignor: 'the consignor signs at pickup, once the shipment is issued',
  carrier: 'the carrier signs at pickup, once the shipment is issued',
  successive_carrier: 'a successive carrier signs when it takes the goods over, once consignor and carrier have signed at pickup',
  consignee: 'the consignee signs at delivery, once consignor and carrier have signed at pickup',
};

export interface SignedRole {
  role: SignatureRole;
  successive_index: number;
}

/** Raises `already_signed` for a filled role and `invalid_state` when the shipment is not at the role's phase. */
export function assertMaySign(shipment: { id: string; status: ShipmentStatus }, signed: readonly SignedRole[], role: SignatureRole, successiveIndex: number): void {
  if (signed.some((s) => s.role === role && s.successive_index === successiveIndex)) {
    const who = role === 'successive_carrier' ? `successive carrier ${successiveIndex + 1}` : `the ${role}`;
    throw new AppError('already_signed', `Shipment ${shipment.id} is already signed by ${who}.`);
  }
  if (shipment.status !== SIGNS_WHEN[role]) throw new AppError('invalid_state', `Shipment ${shipment.id} is ${shipment.status}: ${NOT_YET[role]}.`);
  if (role === 'successive_carrier') assertTakeoverInTurn(shipment.id, signed, successiveIndex);
}

/**
 * Raises `invalid_state` when successive carrier `index` (0-based) would take the goods over
 * before the one before it has: the goods are with the carrier whose leg was signed last, and only
 * the next carrier named in the note takes them over from it. A takeover reservation follows the
 * same order: it is made on taking over.
 */
export function assertTakeoverInTurn(shipmentId: string, signed: readonly SignedRole[], index: number): void {
  if (index === 0) return;
  if (signed.some((s) => s.role === 'successive_carrier' && s.successive_index === index - 1)) return;
  throw new AppError(
    'invalid_state',
    `Successive carrier ${index + 1} takes the goods over from successive carrier ${index}, who has not taken them over yet on shipment ${shipmentId}: successive carriers take over in the order of successive_carriers.`,
  );
}

/**
 * A final shipment takes no signature. One that would move it (the consignee's delivers it; the
 * second of consignor and carrier picks it up) is that transition, which the state machine forbids:
 * `invalid_transition`, as the service description names "delivered after cancelled". Any other
 * signature is a change: `shipment_immutable`.
 */
export function assertSignatureMayChange(shipment: { id: string; status: ShipmentStatus }, signed: readonly SignedRole[], role: SignatureRole): void {
  if (!FINAL_STATUSES.has(shipment.status)) return;
  const next = statusAfter(signed, role);
  if (next) assertTransition(shipment.id, shipment.status, next);
  assertChangeable(shipment.id, shipment.status);
}

/** The status the shipment moves to once this signature is added, if any. */
export function statusAfter(signed: readonly SignedRole[], role: SignatureRole): 'in_transit' | 'delivered' | undefined {
  if (role === 'consignee') return 'delivered';
  const roles = new Set([...signed.map((s) => s.role), role]);
  return role !== 'successive_carrier' && roles.has('consignor') && roles.has('carrier') ? 'in_transit' : undefined;
}
