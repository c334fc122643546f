/**
 * The shipment state machine (DESIGN, Shipment lifecycle): draft → issued → in_transit →
 * delivered, and cancelled from draft or issued. delivered and cancelled are final.
 * A transition the machine forbids is `invalid_transition`; any other change to a final shipment
 * is `shipment_immutable`.
 */
import { AppError } from '../../core/errors.js';
import type { EventTypeName } from '../events/event-catalogue.js';

export const SHIPMENT_STATUSES = ['draft', 'issued', 'in_transit', 'delivered', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export type TargetStatus = Exclude<ShipmentStatus, 'draft'>;

const NEXT: Record<ShipmentStatus, readonly TargetStatus[]> = {
  draft: ['issued', 'cancelled'],
  issued: ['in_transit', 'cancelled'],
  in_transit: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const FINAL_STATUSES: ReadonlySet<ShipmentStatus> = new Set(['delivered', 'cancelled']);

/** The event each transition appends, and the timestamp column it sets. */
export const TRANSITIONS: Record<TargetStatus, { event: EventTypeName; stamp: 'issued_at' | 'picked_up_at' | 'delivered_at' | 'cancelled_at' }> = {
  issued: { event: 'shipment.issued', stamp: 'issued_at' },
  in_transit: { event: 'shipment.in_transit', stamp: 'picked_up_at' },
  delivered: { event: 'shipment.delivered', stamp: 'delivered_at' },
  cancelled: { event: 'shipment.cancelled', stamp: 'cancelled_at' },
};

const VERB: Record<TargetStatus, string> = { issued: 'issue', in_transit: 'pick up', delivered: 'deliver', cancelled: 'cancel' };

export function canTransition(from: ShipmentStatus, to: TargetStatus): boolean {
  return NEXT[from].includes(to);
}

/** Raises `invalid_transition` unless the machine allows `from` → `to`. */
export function assertTransition(id: string, from: ShipmentStatus, to: TargetStatus): void {
  if (canTransition(from, to)) return;
  const allowed = NEXT[from].length > 0 ? `From ${from} it can move to: ${NEXT[from].join(', ')}.` : `${from} is final.`;
  throw new AppError('invalid_transition', `Cannot ${VERB[to]} shipment ${id}: it is ${from}. ${allowed}`);
}

/** Raises `shipment_immutable` for a delivered or cancelled shipment. */
export function assertChangeable(id: string, status: ShipmentStatus): void {
  if (FINAL_STATUSES.has(status)) throw new AppError('shipment_immutable', `Shipment ${id} is ${status} and no longer changes.`);
}
