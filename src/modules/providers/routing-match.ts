/**
 * Whether a routing rule's match holds for a shipment: every condition given
 * must hold; a condition on a fact the shipment does not have (no consignee VAT number) fails.
 * VAT numbers compare without spaces, dots or case, as they are printed in many ways.
 */
import type { RoutingMatch } from './provider.schema.js';

export interface RoutingFacts {
  from?: string;
  to?: string;
  consigneeVat?: string;
  carrierVat?: string;
  transportType: string;
}

const vat = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();
const holds = (allowed: readonly string[] | undefined, value: string | undefined, norm: (v: string) => string = (v) => v) =>
  allowed === undefined || (value !== undefined && allowed.some((a) => norm(a) === norm(value)));

export function routingMatches(match: RoutingMatch, facts: RoutingFacts): boolean {
  return (
    holds(match.from_countries, facts.from) &&
    holds(match.to_countries, facts.to) &&
    holds(match.consignee_vat_numbers, facts.consigneeVat, vat) &&
    holds(match.carrier_vat_numbers, facts.carrierVat, vat) &&
    holds(match.transport_types, facts.transportType)
  );
}

interface PartyLike {
  vat_number?: string;
  address?: { country?: string };
}

/** The facts rules match on, read from the shipment's input and its derived transport type. */
export function routingFacts(data: Record<string, unknown>, transportType: string): RoutingFacts {
  const party = (key: string) => data[key] as PartyLike | undefined;
  return {
    from: party('pickup')?.address?.country,
    to: party('delivery')?.address?.country,
    consigneeVat: party('consignee')?.vat_number,
    carrierVat: party('carrier')?.vat_number,
    transportType,
  };
}
