import { describe, expect, it } from 'vitest';
import { routingFacts, routingMatches } from './routing-match.js';

const facts = routingFacts(
  { pickup: { address: { country: 'NL' } }, delivery: { address: { country: 'BE' } }, consignee: { vat_number: 'BE 0123.456.789' }, carrier: {} },
  'international',
);

describe('routingMatches', () => {
  it('matches everything with an empty match', () => {
    expect(routingMatches({}, facts)).toBe(true);
  });
  it('needs every condition given', () => {
    expect(routingMatches({ from_countries: ['NL'], to_countries: ['BE', 'LU'] }, facts)).toBe(true);
    expect(routingMatches({ from_countries: ['NL'], to_countries: ['DE'] }, facts)).toBe(false);
    expect(routingMatches({ transport_types: ['cabotage'] }, facts)).toBe(false);
  });
  it('compares VAT numbers without their punctuation', () => {
    expect(routingMatches({ consignee_vat_numbers: ['be0123456789'] }, facts)).toBe(true);
  });
  it('fails a condition on a fact the shipment does not have', () => {
    expect(routingMatches({ carrier_vat_numbers: ['NL123456789B01'] }, facts)).toBe(false);
  });
});
