/**
 * The carrier reports the goods at the place designated for delivery (CMR art. 13(1)): from then on
 * the consignee, not the sender, has the right of disposal (art. 12(2); disposal-rules.ts). The
 * goods must be on their way (`in_transit`) and reported once; `shipment.arrived` is chained.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { withTransaction, type AlsoWrite } from '../../ports/database.js';
import { findShipment } from '../shipments/get-shipment.js';
import { recordShipmentChange } from '../shipments/record-shipment-change.js';
import { assertChangeable } from '../shipments/shipment-status.js';

export interface ArrivalView {
  shipment_id: string;
  arrived_at: string;
  event_id: string;
  entitled_party: 'consignor' | 'consignee';
}

/** Raises `not_found`, `shipment_immutable` (delivered or cancelled) and `invalid_state` (not in transit, or arrived already). */
export async function recordArrival(ctx: TenantContext, shipmentId: string, alsoWrite?: AlsoWrite<ArrivalView>): Promise<ArrivalView> {
  const now = ctx.clock.now();
  return withTransaction(
    ctx.db,
    async (trx) => {
      const shipment = await findShipment(trx, ctx, shipmentId, { forUpdate: true });
      assertChangeable(shipment.id, shipment.status);
      if (shipment.status !== 'in_transit') throw new AppError('invalid_state', `Shipment ${shipment.id} is ${shipment.status}: goods arrive once consignor and carrier signed at pickup (in_transit).`);
      if (shipment.arrived_at) throw new AppError('invalid_state', `Shipment ${shipment.id} arrived at ${shipment.arrived_at.toISOString()} already.`);
      let eventId = '';
      await recordShipmentChange(trx, ctx, shipment, { arrived_at: now }, [{ type: 'shipment.arrived', status: shipment.status }], now, async (_changed, [arrived]) => {
        eventId = arrived!.event_id;
        return [];
      });
      return { shipment_id: shipment.id, arrived_at: now.toISOString(), event_id: eventId, entitled_party: 'consignee' as const };
    },
    alsoWrite,
  );
}
