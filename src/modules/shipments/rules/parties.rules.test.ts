import { describe, expect, it } from 'vitest';
import { sameParty } from './parties.rules.js';
import { completeDraft, draftWith, fired } from './rule-test-support.js';

const party = (name: string, country: string, vat_number?: string) => ({
  name,
  address: { street: 'Weg 1', city: 'Stad', country },
  ...(vat_number === undefined ? {} : { vat_number }),
});

describe('successive_carrier_is_carrier', () => {
  it('fires at the successive carrier whose VAT number is the carrier’s, ignoring case and spaces', () => {
    const draft = draftWith((d) => (d.successive_carriers = [party('Trans Rhein GmbH', 'DE', 'DE123456789'), party('Other name', 'NL', 'nl 0098 76543 b01')]));
    expect(fired(draft, 'successive_carrier_is_carrier')).toEqual([
      {
        bucket: 'errors',
        path: '$.successive_carriers[1]',
        rule: 'cmr.art34.successive_carrier',
        source: 'CMR art. 34',
        params: { position: 2, name: 'Other name' },
        en: 'Successive carrier 2 (Other name) is the carrier itself; under CMR article 34 a successive carrier is another carrier who takes over the goods and the consignment note.',
        nl: 'Opvolgende vervoerder 2 (Other name) is de vervoerder zelf; volgens CMR artikel 34 is een opvolgende vervoerder een andere vervoerder die de goederen en de vrachtbrief overneemt.',
      },
    ]);
  });

  it('without VAT numbers, fires when the trimmed name (any case) and the country match', () => {
    const draft = draftWith((d) => (d.successive_carriers = [party('  carrier b.v. ', 'NL')]));
    expect(fired(draft, 'successive_carrier_is_carrier')).toMatchObject([{ path: '$.successive_carriers[0]', params: { position: 1, name: 'carrier b.v.' } }]);
  });

  it('does not fire for another carrier: other VAT number, other country, or no successive carriers', () => {
    expect(fired(completeDraft(), 'successive_carrier_is_carrier')).toEqual([]);
    // Same name, but the VAT numbers tell them apart.
    expect(fired(draftWith((d) => (d.successive_carriers = [party('Carrier B.V.', 'NL', 'NL111111111B01')])), 'successive_carrier_is_carrier')).toEqual([]);
    expect(fired(draftWith((d) => (d.successive_carriers = [party('Carrier B.V.', 'BE')])), 'successive_carrier_is_carrier')).toEqual([]);
    expect(fired(draftWith((d) => (d.successive_carriers = [party('Carrier B.V.', 'NL')], delete d.carrier)), 'successive_carrier_is_carrier')).toEqual([]);
  });
});

describe('successive_carrier_duplicate', () => {
  it('warns at the later of two successive carriers that are the same', () => {
    const draft = draftWith(
      (d) => (d.successive_carriers = [party('Trans Rhein GmbH', 'DE', 'DE123456789'), party('Alpen Spedition AG', 'CH'), party('TRANS RHEIN GMBH', 'DE', 'de 123 456 789')]),
    );
    expect(fired(draft, 'successive_carrier_duplicate')).toEqual([
      {
        bucket: 'warnings',
        path: '$.successive_carriers[2]',
        rule: 'cmr.art34.successive_carrier_duplicate',
        source: 'CMR art. 34',
        params: { position: 3, same_as: 1, name: 'TRANS RHEIN GMBH' },
        en: 'Successive carrier 3 (TRANS RHEIN GMBH) is the same as successive carrier 1; list each successive carrier once unless it takes over the goods twice.',
        nl: 'Opvolgende vervoerder 3 (TRANS RHEIN GMBH) is dezelfde als opvolgende vervoerder 1; vermeld elke opvolgende vervoerder één keer, tenzij hij de goederen twee keer overneemt.',
      },
    ]);
  });

  it('does not warn for distinct successive carriers', () => {
    const draft = draftWith((d) => (d.successive_carriers = [party('Trans Rhein GmbH', 'DE'), party('Trans Rhein GmbH', 'AT'), party('Alpen AG', 'CH')]));
    expect(fired(draft, 'successive_carrier_duplicate')).toEqual([]);
  });
});

describe('sameParty', () => {
  it('is false for anything that is not two party objects', () => {
    expect(sameParty(undefined, undefined)).toBe(false);
    expect(sameParty(7, 7)).toBe(false);
    expect(sameParty({}, {})).toBe(false);
    expect(sameParty({ name: '' , address: { country: 'NL' } }, { name: ' ', address: { country: 'NL' } })).toBe(false);
  });

  it('falls back to name and country when only one party has a VAT number', () => {
    expect(sameParty(party('A B.V.', 'NL', 'NL1'), party('a b.v.', 'NL'))).toBe(true);
  });
});
