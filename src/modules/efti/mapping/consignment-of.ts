/**
 * CONTRACT STUB (issue 16): shipment → eFTI consignment (common dataset, every element we can fill)
 * and the mandatory elements of applicable subsets we cannot. Owned by the mapping work; replaced there.
 */
import type { EftiNode, EftiOmission } from '../efti-node.js';
import type { EftiSource } from './efti-source.js';

export interface EftiProjection {
  consignment: EftiNode;
  /** EU01 always; EU03 cabotage; EU02 combined; EU05a ADR lines not in limited quantity. */
  applicable_subsets: string[];
  omitted: EftiOmission[];
}

export function consignmentOf(source: EftiSource): EftiProjection {
  const data = source.shipment.data as { consignor?: { name?: string } };
  return {
    consignment: data.consignor?.name ? { consignor: { name: data.consignor.name } } : {},
    applicable_subsets: ['EU01'],
    omitted: [],
  };
}
