/**
 * The eFTI projection of a shipment, kept per state of the shipment (shipments/shipment-state.ts:
 * its chain head and the tenant's erasures). Mapping a 200-line shipment costs about 0.6 ms, as
 * much as writing its XML, and an issued note is read far more often than it changes (the gate,
 * inspectors, platforms re-reading the same dataset).
 *
 * Entries are shared between requests: callers read them and never change them (efti-projection.ts
 * builds new trees).
 */
import { LruCache } from '../../core/lru-cache.js';
import { shipmentStateKey } from '../shipments/shipment-state.js';
import { consignmentOf, type EftiProjection } from './mapping/consignment-of.js';
import type { EftiSource } from './mapping/efti-source.js';

/** About 64 × 0.2 MB at most for 200-line shipments; small ones far less. */
const projections = new LruCache<EftiProjection>(64);

export function cachedConsignmentOf(source: EftiSource): EftiProjection {
  const { shipment } = source;
  return projections.getOrSet(shipmentStateKey(shipment, shipment.head_hash, source.erasures), () => consignmentOf(source));
}
