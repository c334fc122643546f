/**
 * The eFTI projection of a shipment, kept per state of its event chain. Mapping a 200-line shipment
 * costs about 0.6 ms, as much as writing its XML, and an issued note is read far more often than it
 * changes (the gate, inspectors, platforms re-reading the same dataset). Every change the mapping
 * reads (the shipment's data, issue, signatures, status) is a chained event, and the chain's head
 * hash changes with each one. The one change without an event is an erasure of a data subject
 * (docs/privacy.md), which rewrites the data and signer names in place: the tenant's count of
 * erasures, read from the database, is part of the key too, so every process sharing the database
 * stops serving erased values at once. So (shipment, head hash, erasures) names one projection for
 * good: nothing is ever invalidated, old states just fall out of the bounded map.
 *
 * Entries are shared between requests: callers read them and never change them (efti-projection.ts
 * builds new trees).
 */
import { consignmentOf, type EftiProjection } from './mapping/consignment-of.js';
import type { EftiSource } from './mapping/efti-source.js';

/** About 64 × 0.2 MB at most for 200-line shipments; small ones far less. */
const MAX_ENTRIES = 64;
const projections = new Map<string, EftiProjection>();

export function cachedConsignmentOf(source: EftiSource): EftiProjection {
  const { shipment } = source;
  const key = `${shipment.organization_id}:${shipment.mode}:${shipment.id}:${shipment.head_hash}:${source.erasures}`;
  const known = projections.get(key);
  if (known) {
    // Most recently used last, so the oldest is first to go.
    projections.delete(key);
    projections.set(key, known);
    return known;
  }
  const projection = consignmentOf(source);
  projections.set(key, projection);
  if (projections.size > MAX_ENTRIES) projections.delete(projections.keys().next().value!);
  return projection;
}
