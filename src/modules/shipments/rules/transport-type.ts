/**
 * The transport type a shipment has by its lane and carrier (service description, Validation
 * result: `transport_type` is derived if omitted):
 * - `combined`: the input places this road leg in a combined transport operation (Directive
 *   92/106/EEC), whatever the countries;
 * - `international`: taken over in one country and delivered in another (CMR art. 1(1));
 * - `cabotage`: taken over and delivered in one country by a carrier established in another
 *   (Regulation (EC) No 1072/2009 art. 2(6));
 * - `national`: otherwise, when both places are in one country.
 * Without both countries nothing is derived; the carrier's country is only needed to tell cabotage.
 * The dry run derives from an invalid body too, so a country is read as a two-letter code in any
 * case (the schema reports `nl` as not upper case, but it is the same country as `NL`); a value
 * that is no code at all (`Netherlands`) derives nothing rather than a guess.
 */
import type { TransportType } from '../shipment-input.schema.js';
import { countryOf, field, isObject } from './draft-reader.js';

function countryCode(partyOrStop: unknown): string | undefined {
  const country = countryOf(partyOrStop);
  return country !== undefined && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined;
}

export function deriveTransportType(draft: unknown): TransportType | undefined {
  if (isObject(field(draft, 'combined_transport'))) return 'combined';
  const from = countryCode(field(draft, 'pickup'));
  const to = countryCode(field(draft, 'delivery'));
  if (from === undefined || to === undefined) return undefined;
  if (from !== to) return 'international';
  const carrierCountry = countryCode(field(draft, 'carrier'));
  return carrierCountry !== undefined && carrierCountry !== from ? 'cabotage' : 'national';
}
