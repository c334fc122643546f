/**
 * The requirements of a lane on a day, from the facts of ./facts/: pure, so
 * the table tests run it without a server. Every country of the lane (from, via in the order
 * given, to; each once) gets the facts that concern it; `applies` says whether the fact holds for
 * this lane on `date`, and the message says why, also when it does not.
 */
import { ECMR_PARTIES_AS_OF, ECMR_PROTOCOL_PARTIES, type EcmrParty } from './facts/ecmr-parties.js';
import { BENELUX_PILOT, CABOTAGE, EFTI_ACCEPTANCE_FROM, FACTS, type FactCode, type FactLanguage } from './facts/lane-facts.js';
import type { FactSource } from './facts/sources.js';
import { BENELUX, isEuMemberState } from './countries.js';

export interface Lane {
  from: string;
  to: string;
  via: string[];
  /** The day asked about, `YYYY-MM-DD`. */
  date: string;
  adr: boolean;
  combined: boolean;
  carrier_country: string | null;
}

export interface LaneFact {
  code: FactCode;
  applies: boolean;
  source: FactSource;
  valid_from: string | null;
  valid_to: string | null;
  message: string;
  params: Record<string, unknown>;
}

export interface LaneRequirements {
  lane: Lane & { kind: 'domestic' | 'international' };
  /** On an international lane, whether some country on it calls for a paper CMR note; null on a domestic one (national law). */
  paper_cmr_required: boolean | null;
  language: FactLanguage;
  countries: { country: string; facts: LaneFact[] }[];
}

/**
 * The ADR's reach this service can vouch for: in the EU through Directive 2008/68/EC (national
 * carriage included), and three neighbours that are contracting parties. Elsewhere it says it does
 * not know rather than guess.
 */
const ADR_COUNTRIES_HELD: ReadonlySet<string> = new Set(['GB', 'CH', 'NO']);

const PARTIES = new Map<string, EcmrParty>(ECMR_PROTOCOL_PARTIES.map((party) => [party.country, party]));

type Draft = Omit<LaneFact, 'source' | 'message'> & { valid_from?: string | null; valid_to?: string | null };

function fact(code: FactCode, applies: boolean, params: Record<string, unknown>, dates: { valid_from?: string | null; valid_to?: string | null } = {}): Draft {
  // An explicit null (a state that is no party has no day it became one) wins over the definition's day.
  const pick = (key: 'valid_from' | 'valid_to') => (dates[key] !== undefined ? dates[key] : FACTS[code][key]);
  return { code, applies, params, valid_from: pick('valid_from'), valid_to: pick('valid_to') };
}

function render(draft: Draft, language: FactLanguage): LaneFact {
  const definition = FACTS[draft.code];
  return {
    code: draft.code,
    applies: draft.applies,
    source: definition.source,
    valid_from: draft.valid_from ?? null,
    valid_to: draft.valid_to ?? null,
    message: definition.messages[language](draft.params),
    params: draft.params,
  };
}

/** Whether the protocol is in force for `country` on `date`. */
export function ecmrInForce(country: string, date: string): boolean {
  const party = PARTIES.get(country);
  return party !== undefined && party.in_force <= date;
}

function ecmrFact(country: string, date: string): Draft {
  const party = PARTIES.get(country);
  if (!party) return fact('ecmr_protocol_party', false, { situation: 'not_party', country, as_of: ECMR_PARTIES_AS_OF }, { valid_from: null });
  const dates = { valid_from: party.in_force };
  return party.in_force <= date
    ? fact('ecmr_protocol_party', true, { situation: 'party', country, since: party.in_force }, dates)
    : fact('ecmr_protocol_party', false, { situation: 'pending', country, deposited: party.deposited, since: party.in_force, date }, dates);
}

function pilotCovers(countries: string[], date: string): boolean {
  return countries.every((c) => BENELUX.has(c)) && date >= BENELUX_PILOT.valid_from && date <= BENELUX_PILOT.valid_to;
}

function pilotFact(country: string, countries: string[], date: string): Draft {
  if (!countries.every((c) => BENELUX.has(c))) return fact('benelux_ecmr_pilot', false, { situation: 'outside', country });
  if (date < BENELUX_PILOT.valid_from) return fact('benelux_ecmr_pilot', false, { situation: 'not_yet', country, valid_from: BENELUX_PILOT.valid_from });
  if (date > BENELUX_PILOT.valid_to) return fact('benelux_ecmr_pilot', false, { situation: 'ended', country, valid_to: BENELUX_PILOT.valid_to });
  return fact('benelux_ecmr_pilot', true, { situation: 'covered', country, valid_to: BENELUX_PILOT.valid_to });
}

function paperFact(country: string, countries: string[], date: string): Draft {
  if (ecmrInForce(country, date)) return fact('paper_cmr_required', false, { situation: 'protocol', country });
  if (pilotCovers(countries, date)) return fact('paper_cmr_required', false, { situation: 'pilot', country, date }, { valid_from: BENELUX_PILOT.valid_from, valid_to: BENELUX_PILOT.valid_to });
  return fact('paper_cmr_required', true, { situation: 'required', country, date });
}

/** Cabotage in the country where the carriage ends (the lane's only country when domestic), for a carrier from elsewhere. */
function cabotageFact(host: string, carrier: string, domestic: boolean): Draft {
  if (!isEuMemberState(host)) return fact('cabotage_allowance', false, { situation: 'country_outside_eu', country: host, carrier_country: carrier });
  if (!isEuMemberState(carrier)) return fact('cabotage_allowance', false, { situation: 'carrier_outside_eu', country: host, carrier_country: carrier });
  return fact('cabotage_allowance', true, { situation: domestic ? 'cabotage' : 'after_delivery', country: host, carrier_country: carrier, ...CABOTAGE });
}

function adrFact(country: string): Draft {
  const held = isEuMemberState(country) || ADR_COUNTRIES_HELD.has(country);
  return fact('adr_documents', held, { situation: held ? 'applies' : 'unknown', country });
}

function combinedFact(country: string, lane: Lane, domestic: boolean): Draft {
  const between = !domestic && isEuMemberState(lane.from) && isEuMemberState(lane.to) && isEuMemberState(country);
  return fact('combined_transport', between, { situation: between ? 'applies' : 'not_between_member_states', country });
}

function eftiFact(country: string, date: string): Draft {
  if (!isEuMemberState(country)) return fact('efti_acceptance', false, { situation: 'outside_eu', country });
  return date >= EFTI_ACCEPTANCE_FROM
    ? fact('efti_acceptance', true, { situation: 'in_force', country, valid_from: EFTI_ACCEPTANCE_FROM })
    : fact('efti_acceptance', false, { situation: 'pending', country, valid_from: EFTI_ACCEPTANCE_FROM, date });
}

/** The countries of a lane in driving order, each once. */
export function laneCountries(lane: Pick<Lane, 'from' | 'via' | 'to'>): string[] {
  return [...new Set([lane.from, ...lane.via, lane.to])];
}

/** The requirements of `lane`, messages in `language`. The lane's countries must be known (./countries.ts). */
export function laneRequirements(lane: Lane, language: FactLanguage): LaneRequirements {
  const countries = laneCountries(lane);
  // CMR art. 1(1): taking over and delivery in two different countries make the carriage international.
  const domestic = lane.from === lane.to;
  const cabotageHost = lane.carrier_country !== null && lane.carrier_country !== lane.to ? lane.to : null;
  const perCountry = countries.map((country) => {
    const drafts: Draft[] = [];
    if (domestic && country === lane.from) drafts.push(fact('domestic_carriage', true, { situation: 'domestic', country }));
    drafts.push(ecmrFact(country, lane.date));
    if (!domestic) drafts.push(paperFact(country, countries, lane.date));
    if (BENELUX.has(country)) drafts.push(pilotFact(country, countries, lane.date));
    if (cabotageHost === country && lane.carrier_country !== null) drafts.push(cabotageFact(country, lane.carrier_country, domestic));
    if (lane.adr) drafts.push(adrFact(country));
    if (lane.combined) drafts.push(combinedFact(country, lane, domestic));
    drafts.push(eftiFact(country, lane.date));
    return { country, facts: drafts.map((draft) => render(draft, language)) };
  });
  const paper = domestic ? null : perCountry.some((c) => c.facts.some((f) => f.code === 'paper_cmr_required' && f.applies));
  return { lane: { ...lane, kind: domestic ? 'domestic' : 'international' }, paper_cmr_required: paper, language, countries: perCountry };
}
