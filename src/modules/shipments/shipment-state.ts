/**
 * What names one state of a shipment, for what is derived from it and kept between requests (the
 * eFTI projection, the inspection's integrity verdict). Every change to a shipment, its issue,
 * signatures, remarks and document versions is a chained event, and the chain's head hash changes
 * with each one. The one change without an event is an erasure of a data subject (docs/privacy.md),
 * which rewrites data, signer names and event data in place: the tenant's count of erasures, read
 * from the database (privacy.repository.ts `erasureCount`, read before the data it covers), is part
 * of the key too, so every process sharing the database stops serving erased values at once. So a
 * key names one state for good: nothing is ever invalidated, old states just fall out of a bounded
 * cache (core/lru-cache.ts).
 */
import type { ShipmentRow } from './shipments.repository.js';

export function shipmentStateKey(shipment: Pick<ShipmentRow, 'organization_id' | 'mode' | 'id'>, headHash: string, erasures: number): string {
  return `${shipment.organization_id}:${shipment.mode}:${shipment.id}:${headHash}:${erasures}`;
}
