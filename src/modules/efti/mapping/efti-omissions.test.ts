import { describe, expect, it } from 'vitest';
import { annexElement } from './annex.js';
import { isMandatoryAggregate, omissionsOf } from './efti-omissions.js';

const aggregate = (path: string) => {
  const element = annexElement(`consignment/${path}`);
  if (!element) throw new Error(path);
  return element;
};
const ids = (omitted: { efti_id: string }[]) => omitted.map((o) => o.efti_id);

describe('mandatory aggregates', () => {
  it('an address whose parts are all M is mandatory, and so is the single party or place that holds it', () => {
    expect(isMandatoryAggregate(aggregate('consignor/postalAddress'), 'EU01')).toBe(true);
    expect(isMandatoryAggregate(aggregate('consignor'), 'EU01')).toBe(true);
    expect(isMandatoryAggregate(aggregate('carrierAcceptanceLocation'), 'EU01')).toBe(true);
    expect(isMandatoryAggregate(aggregate('consignee'), 'EU01')).toBe(false);
    expect(isMandatoryAggregate(aggregate('consignee'), 'EU03')).toBe(true);
  });

  it('a repeatable aggregate is mandatory only when every element the subset marks in it is M', () => {
    expect(isMandatoryAggregate(aggregate('transportPackage'), 'EU03')).toBe(false);
    expect(isMandatoryAggregate(aggregate('transportPackage/shippingMarks'), 'EU03')).toBe(true);
    expect(isMandatoryAggregate(aggregate('includedConsignmentItem/transportDangerousGoods'), 'EU03')).toBe(false);
    expect(isMandatoryAggregate(aggregate('consignor/confirmedDocumentAuthentication'), 'EU03')).toBe(true);
    expect(isMandatoryAggregate(aggregate('usedTransportEquipment'), 'EU03')).toBe(true);
    expect(isMandatoryAggregate(aggregate('usedTransportEquipment'), 'EU02')).toBe(false);
  });
});

describe('omissionsOf', () => {
  it('an empty consignment lacks, for EU01, the acceptance time and the three addresses (each address once, by its own id)', () => {
    expect(omissionsOf({}, ['EU01'])).toEqual([
      { efti_id: 'eFTI39', subset: 'EU01', path: 'consignment/carrierAcceptanceDateTime' },
      { efti_id: 'ASBIE1050', subset: 'EU01', path: 'consignment/carrierAcceptanceLocation/postalAddress' },
      { efti_id: 'ASBIE1053', subset: 'EU01', path: 'consignment/consigneeReceiptLocation/postalAddress' },
      { efti_id: 'ASBIE1032', subset: 'EU01', path: 'consignment/consignor/postalAddress' },
    ]);
  });

  it('a present address is complete: no house number, PO box or department is asked for', () => {
    const address = { cityName: ['Rotterdam'], countryCode: 'NL', streetName: ['Waalhaven Zuidzijde 21'] };
    const consignment = {
      carrierAcceptanceDateTime: { value: '202612010700+0000', formatId: '205' },
      carrierAcceptanceLocation: { postalAddress: address },
      consigneeReceiptLocation: { postalAddress: address },
      consignor: { postalAddress: address },
    };
    expect(omissionsOf(consignment, ['EU01'])).toEqual([]);
  });

  it('an M child of an absent optional aggregate is not missing; of a present one it is, once for all occurrences', () => {
    expect(ids(omissionsOf({}, ['EU03']))).not.toContain('eFTI232');
    expect(ids(omissionsOf({}, ['EU03']))).not.toContain('eFTI685');
    const items = { includedConsignmentItem: [{ transportDangerousGoods: [{ properShippingName: ['PAINT'] }] }] };
    expect(omissionsOf(items, ['EU03']).filter((o) => o.efti_id === 'eFTI232')).toEqual([
      { efti_id: 'eFTI232', subset: 'EU03', path: 'consignment/includedConsignmentItem/transportDangerousGoods/uNDGID' },
    ]);
    const packages = { transportPackage: [{ itemQuantity: '1', typeCode: ['PX'] }, { itemQuantity: '2', typeCode: ['BX'] }] };
    expect(ids(omissionsOf(packages, ['EU03'])).filter((id) => id === 'eFTI691')).toEqual(['eFTI691']);
  });

  it('an absent mandatory aggregate other than an address is reported by its M elements', () => {
    const omitted = ids(omissionsOf({ mainCarriageTransportMovement: [{ modeCode: '3' }] }, ['EU03']));
    expect(omitted).toEqual(expect.arrayContaining(['eFTI618', 'eFTI620', 'eFTI617']));
  });

  it('counts only a plain M: a compound status such as C/M depends on conditions the mapping cannot judge', () => {
    const carried = { usedTransportEquipment: [{ carriedTransportEquipment: [{ categoryCode: ['CN'] }] }] };
    expect(ids(omissionsOf(carried, ['EU05a']))).not.toContain('eFTI448');
    expect(ids(omissionsOf(carried, ['EU02']))).toContain('eFTI448');
  });
});
