import { describe, expect, it } from 'vitest';
import { ECMR_PARTIES, ECMR_RATIFICATION_AS_OF } from './ecmr-ratification.js';
import { completeDraft, draftWith, fired, type LooseDraft } from './rule-test-support.js';

/** The complete draft moved to other countries: pickup, delivery and carrier. */
const lane = (from: string, to: string, carrier: string, change: (d: LooseDraft) => void = () => {}) =>
  draftWith((d) => {
    d.pickup.address.country = from;
    d.delivery.address.country = to;
    d.carrier.address.country = carrier;
    change(d);
  });

const ECMR_SOURCE = `Additional Protocol to the CMR concerning the Electronic Consignment Note (Geneva, 2008), parties as of ${ECMR_RATIFICATION_AS_OF}`;

describe('transport_type_mismatch', () => {
  it('fires when the sent transport type disagrees with the derived one', () => {
    const draft = lane('NL', 'DE', 'NL', (d) => (d.transport_type = 'national'));
    expect(fired(draft, 'transport_type_mismatch')).toEqual([
      {
        bucket: 'errors',
        path: '$.transport_type',
        rule: 'transport_type.derivation',
        source: 'Service rule: transport_type agrees with the lane (CMR art. 1(1); Regulation (EC) No 1072/2009 art. 2(6))',
        params: { sent: 'national', derived: 'international' },
        en: "The transport type was sent as 'national', but the places of taking over and delivery and the carrier make it 'international'; send 'international' or leave transport_type out.",
        nl: "Het vervoerstype is opgegeven als 'national', maar de plaatsen van inontvangstneming en aflevering en de vervoerder maken het 'international'; geef 'international' op of laat transport_type weg.",
      },
    ]);
  });

  it('fires for combined sent without a combined transport leg', () => {
    expect(fired(draftWith((d) => (d.transport_type = 'combined')), 'transport_type_mismatch')).toMatchObject([{ params: { sent: 'combined', derived: 'national' } }]);
  });

  it('does not fire when it agrees, is omitted, is not a valid value, or nothing can be derived', () => {
    expect(fired(draftWith((d) => (d.transport_type = 'national')), 'transport_type_mismatch')).toEqual([]);
    expect(fired(completeDraft(), 'transport_type_mismatch')).toEqual([]);
    expect(fired(draftWith((d) => (d.transport_type = 'road')), 'transport_type_mismatch')).toEqual([]);
    expect(fired(draftWith((d) => ((d.transport_type = 'international'), delete d.delivery)), 'transport_type_mismatch')).toEqual([]);
  });
});

describe('cabotage_operation', () => {
  it('warns when a carrier from another country carries within one country', () => {
    expect(fired(lane('NL', 'NL', 'PL'), 'cabotage_operation')).toEqual([
      {
        bucket: 'warnings',
        path: '$.transport_type',
        rule: 'transport_type.cabotage',
        source: 'Regulation (EC) No 1072/2009 art. 8',
        params: { country: 'NL', carrier_country: 'PL' },
        en: 'This is cabotage: a carrier established in PL carries goods within NL. Regulation (EC) No 1072/2009 article 8 allows it only after an international carriage into NL, with at most three cabotage operations within seven days.',
        nl: 'Dit is cabotage: een vervoerder gevestigd in PL vervoert goederen binnen NL. Verordening (EG) nr. 1072/2009 artikel 8 staat dit alleen toe na een internationaal vervoer naar NL, met ten hoogste drie cabotageritten binnen zeven dagen.',
      },
    ]);
  });

  it('does not warn for national, international or combined carriage', () => {
    expect(fired(completeDraft(), 'cabotage_operation')).toEqual([]);
    expect(fired(lane('NL', 'DE', 'PL'), 'cabotage_operation')).toEqual([]);
    expect(fired(lane('NL', 'NL', 'PL', (d) => (d.combined_transport = { sequence: 2 })), 'cabotage_operation')).toEqual([]);
  });
});

describe('ecmr_not_ratified', () => {
  it('warns at each country of an international lane that is not party to the e-CMR protocol', () => {
    expect(fired(lane('NL', 'BE', 'NL'), 'ecmr_not_ratified')).toEqual([
      {
        bucket: 'warnings',
        path: '$.delivery.address.country',
        rule: 'ecmr.protocol_party',
        source: ECMR_SOURCE,
        params: { country: 'BE' },
        en: 'BE is not a party to the e-CMR protocol (Additional Protocol to the CMR, Geneva 2008): a paper CMR consignment note must still accompany the goods.',
        nl: 'BE is geen partij bij het e-CMR-protocol (Aanvullend Protocol bij het CMR-verdrag, Genève 2008): een papieren CMR-vrachtbrief moet de goederen nog steeds vergezellen.',
      },
    ]);
    expect(fired(lane('IE', 'BE', 'NL'), 'ecmr_not_ratified').map((f) => f.path)).toEqual(['$.pickup.address.country', '$.delivery.address.country']);
  });

  it('checks a combined road leg whose countries differ like any international lane', () => {
    expect(fired(lane('HR', 'DE', 'DE', (d) => (d.combined_transport = { sequence: 1 })), 'ecmr_not_ratified')).toMatchObject([
      { path: '$.pickup.address.country', params: { country: 'HR' } },
    ]);
  });

  it('does not warn between parties, within one country, or for a country code the schema refuses', () => {
    expect(fired(lane('NL', 'DE', 'NL'), 'ecmr_not_ratified')).toEqual([]);
    expect(fired(lane('BE', 'BE', 'BE'), 'ecmr_not_ratified')).toEqual([]);
    expect(fired(lane('BE', 'BE', 'NL'), 'ecmr_not_ratified')).toEqual([]);
    expect(fired(lane('NL', 'be', 'NL'), 'ecmr_not_ratified')).toEqual([]);
    expect(fired(draftWith((d) => delete d.delivery.address), 'ecmr_not_ratified')).toEqual([]);
  });
});

describe('ECMR_PARTIES', () => {
  it('holds ISO alpha-2 codes of the parties, and not the signatory that never ratified', () => {
    expect(ECMR_PARTIES.size).toBe(36);
    for (const code of ECMR_PARTIES) expect(code).toMatch(/^[A-Z]{2}$/);
    for (const code of ['NL', 'DE', 'FR', 'AT', 'IT', 'GB', 'CH']) expect(ECMR_PARTIES.has(code)).toBe(true);
    expect(ECMR_PARTIES.has('BE')).toBe(false);
    expect(ECMR_RATIFICATION_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
