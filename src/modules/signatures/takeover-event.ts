/**
 * `shipment.taken_over` (CMR articles 34 and 35): a successive carrier signed for the goods and the
 * note. It follows that carrier's `signature.completed` in the chain and names the leg: the
 * carrier's position, where and when it took over, and the reservations it entered at the takeover.
 */
import type { ShipmentEventSpec } from '../events/record-shipment-events.js';

export function takeoverEvent(shipment: { status: string }, signatureId: string, successiveIndex: number, place: string | undefined, remarkIds: readonly string[], at: Date): ShipmentEventSpec {
  return {
    type: 'shipment.taken_over',
    status: shipment.status,
    fields: { signature_id: signatureId, successive_index: successiveIndex, taken_over_at: at.toISOString(), place: place ?? null, remark_ids: [...remarkIds] },
  };
}
