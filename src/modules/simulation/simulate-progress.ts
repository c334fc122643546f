/**
 * Sandbox `advance` and `deliver`: every step from the shipment's status up to the target, each
 * through the real use case — issue (change-shipment-status.ts: checked, note version 1 rendered),
 * then the signatures still missing in the order they are due (simulate-signature.ts), so pickup
 * moves it `in_transit` and the consignee's signature delivers it with its proof of delivery.
 * `cancelled` is the real cancel. A target behind or equal to the current status, or any target
 * of a final shipment, is refused as the real move would be: 409 `invalid_transition`.
 */
import type { TenantContext } from '../../core/context.js';
import { cancelShipment, issueShipment } from '../shipments/change-shipment-status.js';
import { findShipment } from '../shipments/get-shipment.js';
import { assertTransition, FINAL_STATUSES, type ShipmentStatus } from '../shipments/shipment-status.js';
import { simulateSignature, type SimulatedSignature, type SimulationCaller } from './simulate-signature.js';
import type { PerformedStep } from './simulation.schema.js';

const FORWARD: readonly ShipmentStatus[] = ['draft', 'issued', 'in_transit', 'delivered'];
/** Consignor, carrier, ten successive carriers (the most a shipment names), consignee: a bound the loop never reaches. */
const MAX_STEPS = 1 + 2 + 10 + 1;

export type AdvanceTarget = 'issued' | 'in_transit' | 'delivered' | 'cancelled';

/** Raises `invalid_transition` for a target not ahead, and whatever a step raises (`validation_failed` when a draft cannot be issued). */
export async function simulateAdvance(ctx: TenantContext, shipmentId: string, to: AdvanceTarget, level: SimulatedSignature['level'], caller: SimulationCaller): Promise<PerformedStep[]> {
  const shipment = await findShipment(ctx.db, ctx, shipmentId);
  if (to === 'cancelled') {
    const cancelled = await cancelShipment(ctx, shipment.id, undefined, caller.language);
    return [{ step: 'cancel', status: cancelled.status as ShipmentStatus }];
  }
  let status = shipment.status;
  if (FINAL_STATUSES.has(status) || FORWARD.indexOf(status) >= FORWARD.indexOf(to)) assertTransition(shipment.id, status, to);
  const steps: PerformedStep[] = [];
  while (status !== to && steps.length < MAX_STEPS) {
    const step: PerformedStep = status === 'draft' ? { step: 'issue', status: (await issueShipment(ctx, shipment.id, caller.language)).status as ShipmentStatus } : await simulateSignature(ctx, shipment.id, { level }, caller);
    steps.push(step);
    status = step.status;
  }
  return steps;
}
