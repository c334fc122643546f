/**
 * The countries a lane may name: the EU member states, the other EEA states, the United
 * Kingdom and Switzerland, and every party to the e-CMR protocol, as ISO 3166-1 alpha-2 codes.
 * Anything else is unknown: the service holds no requirements for it, so it refuses the lane
 * rather than answering with silence. EU membership decides which EU acts (cabotage, combined
 * transport, eFTI, Directive 2008/68/EC) reach a country.
 */
import { ECMR_PROTOCOL_PARTIES } from './facts/ecmr-parties.js';

export const EU_MEMBER_STATES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

/** The EEA states outside the EU, the United Kingdom and Switzerland. */
const NEIGHBOURS = ['IS', 'LI', 'NO', 'GB', 'CH'];

export const BENELUX: ReadonlySet<string> = new Set(['BE', 'NL', 'LU']);

export const KNOWN_COUNTRIES: ReadonlySet<string> = new Set([...EU_MEMBER_STATES, ...NEIGHBOURS, ...ECMR_PROTOCOL_PARTIES.map((party) => party.country)]);

export function isEuMemberState(country: string): boolean {
  return EU_MEMBER_STATES.has(country);
}
