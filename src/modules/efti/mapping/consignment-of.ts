/**
 * Shipment → eFTI consignment (the common dataset: every element we can fill, docs/efti.md has the
 * table), the EU subsets it falls under, and the mandatory elements of those it cannot fill.
 *
 * The same projection runs on a draft (the business rule `efti_element_missing` at validate,
 * create, update and issue, before any signature) and on the stored shipment with its signatures
 * (GET /v1/shipments/{id}/efti). It reads the data defensively, since rules see invalid drafts too,
 * and never throws on them.
 */
import type { EftiNode, EftiOmission } from '../efti-node.js';
import { arrayAt, field } from '../../shipments/rules/draft-reader.js';
import type { EuSubset } from './annex.js';
import { applicableSubsets } from './applicable-subsets.js';
import { omissionsOf } from './efti-omissions.js';
import type { EftiSource } from './efti-source.js';
import { contractNodes, type ContractFacts } from './map-contract.js';
import { carriesDangerousGoods, goodsNodes } from './map-goods.js';
import { compact } from './compact-node.js';
import { location, tradeParty } from './map-parties.js';
import { transportNodes } from './map-transport.js';

export interface EftiProjection {
  consignment: EftiNode;
  /** EU01 always; EU03 cabotage; EU02 combined; EU05a ADR lines not in limited quantity. */
  applicable_subsets: string[];
  omitted: EftiOmission[];
}

export interface ProjectionFacts extends ContractFacts {
  transportType: string | undefined;
}

/** Keys in the order of the XSD sequences, which list their elements sorted by name (checked: all of them). */
function inSchemaOrder<T>(value: T): T {
  if (Array.isArray(value)) {
    const ordered = value.map(inSchemaOrder);
    return (ordered.some((v, i) => v !== value[i]) ? ordered : value) as T;
  }
  if (typeof value !== 'object' || value === null || 'value' in value) return value;
  // Most nodes come out of their builder in order already: those are kept, not copied (per goods line, per request).
  const node = value as EftiNode;
  const keys = Object.keys(node);
  const sorted = keys.every((key, i) => i === 0 || keys[i - 1]! < key);
  const children = (sorted ? keys : [...keys].sort()).map((key) => [key, inSchemaOrder(node[key])] as const);
  return (sorted && children.every(([key, child]) => child === node[key]) ? value : Object.fromEntries(children)) as T;
}

export function projectConsignment(draft: unknown, facts: ProjectionFacts): EftiProjection {
  const connecting = (arrayAt(draft, 'successive_carriers') ?? []).map((party) => tradeParty('connectingCarrier', party)).filter((node): node is EftiNode => node !== undefined);
  const consignment = inSchemaOrder({
    ...compact({
      carrier: tradeParty('carrier', field(draft, 'carrier')),
      carrierAcceptanceLocation: location('consignment/carrierAcceptanceLocation', field(draft, 'pickup')),
      connectingCarrier: connecting,
      consignee: tradeParty('consignee', field(draft, 'consignee')),
      consigneeReceiptLocation: location('consignment/consigneeReceiptLocation', field(draft, 'delivery')),
      consignor: tradeParty('consignor', field(draft, 'consignor')),
    }),
    ...goodsNodes(draft),
    ...transportNodes(draft, carriesDangerousGoods(draft)),
    ...contractNodes(draft, facts),
  });
  const subsets: EuSubset[] = applicableSubsets(draft, facts.transportType);
  return { consignment, applicable_subsets: subsets, omitted: omissionsOf(consignment, subsets) };
}

export function consignmentOf(source: EftiSource): EftiProjection {
  const { shipment } = source;
  return projectConsignment(shipment.data, { transportType: shipment.transport_type, shipmentId: shipment.id, issuedAt: shipment.issued_at, signatures: source.signatures });
}
