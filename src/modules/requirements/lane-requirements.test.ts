/**
 * The requirements of lanes, as a table: for each lane, every country's facts
 * (exactly these codes, each applying or not), whether a paper CMR note is needed, the situation
 * that decides a message, and each fact's source checked against the instrument of its code.
 */
import { describe, expect, it } from 'vitest';
import { expectSourceOf } from '../../../test/support/requirement-sources.js';
import type { FactCode } from './facts/lane-facts.js';
import { laneRequirements, type Lane } from './lane-requirements.js';

type Expected = Record<string, Partial<Record<FactCode, boolean | string>>>;

interface Case {
  name: string;
  lane: Partial<Lane> & Pick<Lane, 'from' | 'to'>;
  paper: boolean | null;
  /** Per country, in lane order: each fact code it must have, with `applies` or, as a string, its situation (and applies: the situation's). */
  countries: Expected;
}

const DAY = '2026-11-28';
/** Situations under which a fact applies; any other situation means it does not. */
const APPLYING = new Set(['party', 'required', 'covered', 'cabotage', 'after_delivery', 'applies', 'in_force', 'domestic']);

const CASES: Case[] = [
  {
    name: 'NL→DE: both parties, outside the Benelux pilot, before eFTI',
    lane: { from: 'NL', to: 'DE' },
    paper: false,
    countries: {
      NL: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', benelux_ecmr_pilot: 'outside', efti_acceptance: 'pending' },
      DE: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', efti_acceptance: 'pending' },
    },
  },
  {
    name: 'NL→BE within the pilot: Belgium is no party, the pilot covers it',
    lane: { from: 'NL', to: 'BE' },
    paper: false,
    countries: {
      NL: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', benelux_ecmr_pilot: 'covered', efti_acceptance: 'pending' },
      BE: { ecmr_protocol_party: 'not_party', paper_cmr_required: 'pilot', benelux_ecmr_pilot: 'covered', efti_acceptance: 'pending' },
    },
  },
  {
    name: 'BE→LU on the pilot\'s last day, also eFTI\'s first',
    lane: { from: 'BE', to: 'LU', date: '2027-07-09' },
    paper: false,
    countries: {
      BE: { ecmr_protocol_party: 'not_party', paper_cmr_required: 'pilot', benelux_ecmr_pilot: 'covered', efti_acceptance: 'in_force' },
      LU: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', benelux_ecmr_pilot: 'covered', efti_acceptance: 'in_force' },
    },
  },
  {
    name: 'BE→LU after 2027-07-09: the pilot ended, Belgium needs paper again',
    lane: { from: 'BE', to: 'LU', date: '2027-07-10' },
    paper: true,
    countries: {
      BE: { ecmr_protocol_party: 'not_party', paper_cmr_required: 'required', benelux_ecmr_pilot: 'ended', efti_acceptance: 'in_force' },
      LU: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', benelux_ecmr_pilot: 'ended', efti_acceptance: 'in_force' },
    },
  },
  {
    name: 'PL carrier doing cabotage in DE',
    lane: { from: 'DE', to: 'DE', carrier_country: 'PL' },
    paper: null,
    countries: { DE: { domestic_carriage: 'domestic', ecmr_protocol_party: 'party', cabotage_allowance: 'cabotage', efti_acceptance: 'pending' } },
  },
  {
    name: 'NL→DE by a PL carrier: cabotage allowed in DE after the delivery',
    lane: { from: 'NL', to: 'DE', carrier_country: 'PL' },
    paper: false,
    countries: {
      NL: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', benelux_ecmr_pilot: 'outside', efti_acceptance: 'pending' },
      DE: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', cabotage_allowance: 'after_delivery', efti_acceptance: 'pending' },
    },
  },
  {
    name: 'a Swiss carrier within DE has no cabotage right under the regulation',
    lane: { from: 'DE', to: 'DE', carrier_country: 'CH' },
    paper: null,
    countries: { DE: { domestic_carriage: 'domestic', ecmr_protocol_party: 'party', cabotage_allowance: 'carrier_outside_eu', efti_acceptance: 'pending' } },
  },
  {
    name: 'FR→ES with ADR',
    lane: { from: 'FR', to: 'ES', adr: true },
    paper: false,
    countries: {
      FR: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', adr_documents: 'applies', efti_acceptance: 'pending' },
      ES: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', adr_documents: 'applies', efti_acceptance: 'pending' },
    },
  },
  {
    name: 'a combined rail leg NL→IT via DE and AT',
    lane: { from: 'NL', to: 'IT', via: ['DE', 'AT'], combined: true },
    paper: false,
    countries: {
      NL: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', benelux_ecmr_pilot: 'outside', combined_transport: 'applies', efti_acceptance: 'pending' },
      DE: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', combined_transport: 'applies', efti_acceptance: 'pending' },
      AT: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', combined_transport: 'applies', efti_acceptance: 'pending' },
      IT: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', combined_transport: 'applies', efti_acceptance: 'pending' },
    },
  },
  {
    name: 'combined transport within one country is national law',
    lane: { from: 'NL', to: 'NL', combined: true },
    paper: null,
    countries: { NL: { domestic_carriage: 'domestic', ecmr_protocol_party: 'party', benelux_ecmr_pilot: 'covered', combined_transport: 'not_between_member_states', efti_acceptance: 'pending' } },
  },
  {
    name: 'NL→IE via GB: Ireland is outside the e-CMR protocol',
    lane: { from: 'NL', to: 'IE', via: ['GB'] },
    paper: true,
    countries: {
      NL: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', benelux_ecmr_pilot: 'outside', efti_acceptance: 'pending' },
      GB: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', efti_acceptance: 'outside_eu' },
      IE: { ecmr_protocol_party: 'not_party', paper_cmr_required: 'required', efti_acceptance: 'pending' },
    },
  },
  {
    name: 'NL→IT via AT before Austria\'s entry into force: a via country decides',
    lane: { from: 'NL', to: 'IT', via: ['AT'], date: '2024-10-01' },
    paper: true,
    countries: {
      NL: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', benelux_ecmr_pilot: 'outside', efti_acceptance: 'pending' },
      AT: { ecmr_protocol_party: 'pending', paper_cmr_required: 'required', efti_acceptance: 'pending' },
      IT: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', efti_acceptance: 'pending' },
    },
  },
  {
    name: 'DE→PL the day before eFTI',
    lane: { from: 'DE', to: 'PL', date: '2027-07-08' },
    paper: false,
    countries: {
      DE: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', efti_acceptance: 'pending' },
      PL: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', efti_acceptance: 'pending' },
    },
  },
  {
    name: 'DE→PL from the eFTI day on',
    lane: { from: 'DE', to: 'PL', date: '2027-07-09' },
    paper: false,
    countries: {
      DE: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', efti_acceptance: 'in_force' },
      PL: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', efti_acceptance: 'in_force' },
    },
  },
  {
    name: 'PL→GB with ADR by a PL carrier: no cabotage regulation in GB, ADR known there',
    lane: { from: 'PL', to: 'GB', adr: true, carrier_country: 'PL' },
    paper: false,
    countries: {
      PL: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', adr_documents: 'applies', efti_acceptance: 'pending' },
      GB: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', cabotage_allowance: 'country_outside_eu', adr_documents: 'applies', efti_acceptance: 'outside_eu' },
    },
  },
  {
    name: 'TR→IR with ADR: the service says it holds no ADR data there',
    lane: { from: 'TR', to: 'IR', adr: true },
    paper: false,
    countries: {
      TR: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', adr_documents: 'unknown', efti_acceptance: 'outside_eu' },
      IR: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', adr_documents: 'unknown', efti_acceptance: 'outside_eu' },
    },
  },
  {
    name: 'BE→NL before the pilot allowed e-CMRs',
    lane: { from: 'BE', to: 'NL', date: '2018-01-15' },
    paper: true,
    countries: {
      BE: { ecmr_protocol_party: 'not_party', paper_cmr_required: 'required', benelux_ecmr_pilot: 'not_yet', efti_acceptance: 'pending' },
      NL: { ecmr_protocol_party: 'party', paper_cmr_required: 'protocol', benelux_ecmr_pilot: 'not_yet', efti_acceptance: 'pending' },
    },
  },
];

const laneOf = (c: Case): Lane => ({ via: [], date: DAY, adr: false, combined: false, carrier_country: null, ...c.lane });

describe('requirements of a lane', () => {
  it('has at least twelve lanes in its table', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(12);
  });

  it.each(CASES)('$name', (c) => {
    const answer = laneRequirements(laneOf(c), 'en');
    expect(answer.paper_cmr_required).toBe(c.paper);
    expect(answer.lane.kind).toBe(c.lane.from === c.lane.to ? 'domestic' : 'international');
    expect(answer.countries.map((x) => x.country)).toEqual(Object.keys(c.countries));
    for (const { country, facts } of answer.countries) {
      const expected = c.countries[country]!;
      expect(facts.map((f) => f.code), country).toEqual(Object.keys(expected));
      for (const f of facts) {
        const want = expected[f.code]!;
        const situation = String(f.params.situation);
        if (typeof want === 'string') expect(situation, `${country} ${f.code}`).toBe(want);
        expect(f.applies, `${country} ${f.code} (${situation})`).toBe(typeof want === 'string' ? APPLYING.has(want) : want);
        expect(f.message).toContain(country);
        expectSourceOf(f);
      }
    }
  });

  it('gives each party the day the protocol entered into force for it, and the cabotage limits', () => {
    const answer = laneRequirements(laneOf({ name: '', lane: { from: 'DE', to: 'DE', carrier_country: 'PL' }, paper: null, countries: {} }), 'en');
    const facts = answer.countries[0]!.facts;
    const ecmr = facts.find((f) => f.code === 'ecmr_protocol_party')!;
    expect(ecmr).toMatchObject({ valid_from: '2022-04-05', valid_to: null, params: { since: '2022-04-05' } });
    const cabotage = facts.find((f) => f.code === 'cabotage_allowance')!;
    expect(cabotage.params).toMatchObject({ operations: 3, days: 7, cooling_off_days: 4, carrier_country: 'PL' });
    expect(cabotage.message).toMatch(/at most 3 cabotage operations.*within 7 days.*for 4 days/);
  });

  it('says what applies after the Benelux pilot when the date is later', () => {
    const answer = laneRequirements(laneOf({ name: '', lane: { from: 'BE', to: 'LU', date: '2028-01-01' }, paper: true, countries: {} }), 'en');
    const pilot = answer.countries[0]!.facts.find((f) => f.code === 'benelux_ecmr_pilot')!;
    expect(pilot).toMatchObject({ applies: false, valid_to: '2027-07-09' });
    expect(pilot.message).toMatch(/ended on 2027-07-09.*e-CMR protocol.*paper.*eFTI/);
  });

  it('speaks Dutch', () => {
    const answer = laneRequirements(laneOf({ name: '', lane: { from: 'NL', to: 'BE' }, paper: false, countries: {} }), 'nl');
    expect(answer.language).toBe('nl');
    const be = answer.countries[1]!.facts;
    expect(be.find((f) => f.code === 'ecmr_protocol_party')!.message).toMatch(/^BE is geen partij bij het e-CMR-protocol/);
    expect(be.find((f) => f.code === 'benelux_ecmr_pilot')!.message).toMatch(/Benelux-proef/);
  });

  it('lists a via country once, and a via equal to from or to not again', () => {
    const answer = laneRequirements(laneOf({ name: '', lane: { from: 'NL', to: 'FR', via: ['NL', 'BE', 'BE', 'FR'] }, paper: true, countries: {} }), 'en');
    expect(answer.countries.map((c) => c.country)).toEqual(['NL', 'BE', 'FR']);
    expect(answer.paper_cmr_required).toBe(true);
  });
});
