import { describe, expect, it } from 'vitest';
import { deriveTransportType } from './transport-type.js';

const stop = (country: unknown) => ({ address: { street: 'Weg 1', city: 'Stad', country } });
const lane = (from: unknown, to: unknown, carrier?: unknown) => ({
  pickup: stop(from),
  delivery: stop(to),
  ...(carrier === undefined ? {} : { carrier: { name: 'Carrier', address: { street: 'Weg 3', city: 'Stad', country: carrier } } }),
});

describe('deriveTransportType', () => {
  it.each([
    ['national, carrier of the same country', lane('NL', 'NL', 'NL'), 'national'],
    ['national, carrier unknown', lane('NL', 'NL'), 'national'],
    ['national, carrier country not a string', lane('NL', 'NL', 31), 'national'],
    ['cabotage, carrier of another country', lane('NL', 'NL', 'PL'), 'cabotage'],
    ['international, whatever the carrier', lane('NL', 'DE', 'PL'), 'international'],
    ['combined, whatever the countries', { ...lane('NL', 'DE'), combined_transport: { sequence: 1 } }, 'combined'],
    ['combined, without any place', { combined_transport: {} }, 'combined'],
    ['national, a country code in lower case', lane('nl', 'NL', 'Nl'), 'national'],
    ['cabotage, a carrier country in lower case', lane('NL', 'NL', 'pl'), 'cabotage'],
  ] as const)('%s', (_name, draft, expected) => {
    expect(deriveTransportType(draft)).toBe(expected);
  });

  it.each([
    ['no pickup', { delivery: stop('NL') }],
    ['no delivery', { pickup: stop('NL') }],
    ['a country that is not a string', lane('NL', 49)],
    ['a country that is not a two-letter code', lane('Netherlands', 'DE')],
    ['a stop without address', { pickup: { window: {} }, delivery: stop('NL') }],
    ['combined_transport that is not an object', { ...lane('NL', undefined), combined_transport: [1] }],
    ['not an object', 'NL → DE'],
    ['null', null],
  ])('is undefined with %s', (_name, draft) => {
    expect(deriveTransportType(draft)).toBeUndefined();
  });
});
