/**
 * What each fact of a lane's requirements must cite: the instrument its code is about, the
 * publisher of its address, and the articles its
 * message relies on. Shared by the facts' unit test, the lane table and the route test.
 */
import { expect } from 'vitest';
import type { FactCode } from '../../src/modules/requirements/facts/lane-facts.js';

export const FACT_INSTRUMENTS: Record<FactCode, { instrument: RegExp; host: string; article?: RegExp }> = {
  domestic_carriage: { instrument: /Carriage of Goods by Road \(CMR\)/, host: 'treaties.un.org', article: /art\. 1\(1\)/ },
  ecmr_protocol_party: { instrument: /Additional Protocol .* Electronic Consignment Note/, host: 'treaties.un.org', article: /art\. 8/ },
  paper_cmr_required: { instrument: /Additional Protocol .* Electronic Consignment Note/, host: 'treaties.un.org', article: /art\. 2/ },
  benelux_ecmr_pilot: { instrument: /Benelux Committee of Ministers/, host: 'mobilit.belgium.be', article: /9 July 2027/ },
  cabotage_allowance: { instrument: /Regulation \(EC\) No 1072\/2009.*Regulation \(EU\) 2020\/1055/, host: 'eur-lex.europa.eu', article: /art\. 8\(2\).*art\. 8\(2a\)/ },
  adr_documents: { instrument: /Dangerous Goods by Road \(ADR\).*Directive 2008\/68\/EC/, host: 'unece.org', article: /5\.4\.1.*5\.4\.3/ },
  combined_transport: { instrument: /Directive 92\/106\/EEC/, host: 'eur-lex.europa.eu', article: /art\. 1\b.*art\. 3/ },
  efti_acceptance: { instrument: /Regulation \(EU\) 2020\/1056/, host: 'eur-lex.europa.eu', article: /art\. 5/ },
};

/** Asserts that a fact carries a source, that it names the instrument of its code, and an official https address. */
export function expectSourceOf(fact: { code: string; source?: { instrument?: string; article?: string; url?: string } }): void {
  const expected = FACT_INSTRUMENTS[fact.code as FactCode];
  expect(expected, `a known fact code: ${fact.code}`).toBeDefined();
  const { instrument = '', article = '', url = '' } = fact.source ?? {};
  expect(instrument, fact.code).toMatch(expected.instrument);
  if (expected.article) expect(article, fact.code).toMatch(expected.article);
  const address = new URL(url);
  expect(address.protocol).toBe('https:');
  expect(address.hostname === expected.host || address.hostname.endsWith(`.${expected.host}`), `${fact.code}: ${url}`).toBe(true);
}
