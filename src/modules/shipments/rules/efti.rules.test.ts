import { describe, expect, it } from 'vitest';
import { completeDraft, draftWith, fired } from './rule-test-support.js';

/** Cabotage: a Polish carrier within the Netherlands, with plates, trailer, its country and marks on every line. */
const cabotage = () =>
  draftWith((d) => {
    d.carrier.address.country = 'PL';
    d.vehicle = { plate: 'GD 4R781', country: 'PL', trailer_plate: 'ULI 88CA', equipment_category: 'TE', trailer_country: 'CZ' };
    for (const line of d.goods) line.marks = 'M-1';
  });

describe('efti_element_missing', () => {
  it('fires for a mandatory element of an applicable subset the shipment leaves empty, pointing at the field to send', () => {
    const draft = cabotage();
    delete draft.vehicle.trailer_country;
    const found = fired(draft, 'efti_element_missing').find((f) => f.params?.efti_id === 'eFTI578');
    expect(found).toEqual({
      bucket: 'warnings',
      path: '$.vehicle.trailer_country',
      rule: 'efti.subset.mandatory',
      source: 'Delegated Regulation (EU) 2024/2024, Annex',
      params: { efti_id: 'eFTI578', subset: 'EU03', element: 'consignment/usedTransportEquipment/registrationCountry/code', field: '$.vehicle.trailer_country' },
      en: 'The eFTI data subset EU03 makes eFTI578 (consignment/usedTransportEquipment/registrationCountry/code) mandatory, and this shipment cannot fill it: set $.vehicle.trailer_country. The eFTI dataset leaves it out and lists it as omitted.',
      nl: 'De eFTI-gegevenssubset EU03 maakt eFTI578 (consignment/usedTransportEquipment/registrationCountry/code) verplicht, en deze zending kan het niet vullen: vul $.vehicle.trailer_country in. De eFTI-dataset laat het weg en vermeldt het als weggelaten.',
    });
  });

  it('says so when no field of ours can fill it: the statement codes and the type of means of transport', () => {
    const found = fired(cabotage(), 'efti_element_missing');
    expect(found.map((f) => `${String(f.params?.subset)} ${String(f.params?.efti_id)} ${f.path}`)).toEqual([
      'EU03 eFTI115 $',
      'EU03 eFTI84 $',
      'EU03 eFTI65 $',
      'EU03 eFTI617 $',
    ]);
    expect(found[0]!.en).toContain('the service has no value for it yet');
    expect(found[0]!.nl).toContain('de dienst heeft er nog geen waarde voor');
  });

  it('EU01 applies to every shipment: no pickup time, no carrier acceptance time', () => {
    const draft = draftWith((d) => delete d.pickup.window);
    expect(fired(draft, 'efti_element_missing').map((f) => [f.path, f.params?.efti_id, f.params?.subset])).toEqual([['$.pickup.window.from', 'eFTI39', 'EU01']]);
  });

  it('does not fire for a complete national draft, nor for an element of a subset that does not apply', () => {
    expect(fired(completeDraft(), 'efti_element_missing')).toEqual([]);
    // Without marks a cabotage draft lacks eFTI691 (EU03); a national one does not fall under EU03.
    expect(fired(draftWith((d) => delete d.goods[0].marks), 'efti_element_missing')).toEqual([]);
  });

  it('reads malformed drafts without throwing', () => {
    for (const draft of [{}, { goods: 'x' }, { goods: [null, 1, { adr: 'y', quantity: 'many' }] }, { consignor: { name: 5, address: [] } }, { vehicle: { plate: {}, country: 'nl' } }]) {
      expect(() => fired(draft, 'efti_element_missing')).not.toThrow();
    }
  });
});
