/**
 * The facts are data reviewed like code: each has a source that names the instrument of
 * its code and an official address, its days are real days in order, and every situation it knows
 * renders in English and Dutch. The e-CMR table's days follow the protocol's article 8.
 */
import { describe, expect, it } from 'vitest';
import { ECMR_PARTIES_AS_OF, ECMR_PROTOCOL_IN_FORCE, ECMR_PROTOCOL_PARTIES } from './ecmr-parties.js';
import { expectSourceOf } from '../../../../test/support/requirement-sources.js';
import { FACT_CODES, FACTS } from './lane-facts.js';
import { SOURCES } from './sources.js';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

describe('lane facts', () => {
  it('cover every code', () => {
    expect(Object.keys(FACTS).sort()).toEqual([...FACT_CODES].sort());
  });

  it.each(FACT_CODES)('%s has a source naming its instrument and articles, at an official https address', (code) => {
    const { source } = FACTS[code];
    expect(source.instrument.trim().length).toBeGreaterThan(10);
    expect(source.article.trim().length).toBeGreaterThan(3);
    expectSourceOf({ code, source });
  });

  it.each(FACT_CODES)('%s has valid days, in order', (code) => {
    const { valid_from: from, valid_to: to } = FACTS[code];
    for (const day of [from, to]) if (day !== null) expect(isDay(day), day).toBe(true);
    if (from !== null && to !== null) expect(from <= to).toBe(true);
  });

  it.each(FACT_CODES)('%s renders every situation in English and Dutch, differently', (code) => {
    const { examples, messages } = FACTS[code];
    expect(Object.keys(examples).length).toBeGreaterThan(0);
    for (const [situation, params] of Object.entries(examples)) {
      expect(params.situation).toBe(situation);
      const en = messages.en(params);
      const nl = messages.nl(params);
      for (const text of [en, nl]) expect(text, `${code}/${situation}`).not.toMatch(/undefined|\[object |\bnull\b|\$\{/);
      expect(nl).not.toBe(en);
    }
    expect(() => messages.en({ situation: 'no-such-situation' })).toThrow();
  });

  it('name the days the issue fixes: the Benelux pilot ends and eFTI starts on 2027-07-09', () => {
    expect(FACTS.benelux_ecmr_pilot.valid_to).toBe('2027-07-09');
    expect(FACTS.efti_acceptance.valid_from).toBe('2027-07-09');
    expect(SOURCES.cabotage.article).toMatch(/three/);
    expect(SOURCES.cabotage.article).toMatch(/seven days/);
    expect(SOURCES.cabotage.article).toMatch(/four days/);
  });
});

describe('e-CMR protocol parties', () => {
  it('are 36 distinct ISO codes, Belgium and Ireland not among them', () => {
    const codes = ECMR_PROTOCOL_PARTIES.map((p) => p.country);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(36);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(codes).not.toContain('BE');
    expect(codes).not.toContain('IE');
    expect(isDay(ECMR_PARTIES_AS_OF)).toBe(true);
  });

  it.each(ECMR_PROTOCOL_PARTIES.map((p) => [p.country, p] as const))('%s is in force on the 90th day after its deposit, or on 2011-06-05 (art. 8)', (_, party) => {
    expect(isDay(party.deposited)).toBe(true);
    expect(isDay(party.in_force)).toBe(true);
    const ninetieth = new Date(`${party.deposited}T00:00:00Z`);
    ninetieth.setUTCDate(ninetieth.getUTCDate() + 90);
    const expected = ninetieth.toISOString().slice(0, 10);
    expect(party.in_force).toBe(expected < ECMR_PROTOCOL_IN_FORCE ? ECMR_PROTOCOL_IN_FORCE : expected);
    expect(party.in_force <= ECMR_PARTIES_AS_OF).toBe(true);
  });

  it('hold the dates published by the depositary and in national notices', () => {
    const inForce = Object.fromEntries(ECMR_PROTOCOL_PARTIES.map((p) => [p.country, p.in_force]));
    // Luxembourg's notice (Mémorial A, 2017): in force for Luxembourg on 26 March 2018.
    expect(inForce.LU).toBe('2018-03-26');
    // Slovakia's notice (Zbierka zákonov 149/2014): in force on 22 May 2014.
    expect(inForce.SK).toBe('2014-05-22');
    // Austria (BGBl. III Nr. 140/2024): in force on 4 November 2024.
    expect(inForce.AT).toBe('2024-11-04');
    expect(inForce.NL).toBe('2011-06-05');
  });
});
