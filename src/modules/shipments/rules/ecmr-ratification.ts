/**
 * Whether a state is party to the e-CMR protocol, for the shipment rules. The table itself, with
 * each party's dates and the source, is src/modules/requirements/facts/ecmr-parties.ts: the one
 * table the rules and the requirements of a lane (GET /v1/requirements) share. Where a place of
 * an international carriage lies outside it, the electronic note has no standing there under the
 * protocol and a paper CMR consignment note must still accompany the goods.
 */
import { ECMR_PARTIES_AS_OF, ECMR_PROTOCOL_PARTIES } from '../../requirements/facts/ecmr-parties.js';

export const ECMR_RATIFICATION_AS_OF = ECMR_PARTIES_AS_OF;

/** The parties' ISO 3166-1 alpha-2 codes. */
export const ECMR_PARTIES: ReadonlySet<string> = new Set(ECMR_PROTOCOL_PARTIES.map((party) => party.country));

export function isEcmrParty(country: string): boolean {
  return ECMR_PARTIES.has(country);
}
