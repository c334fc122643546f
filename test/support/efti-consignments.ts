/**
 * eFTI consignments built by hand (not by the mapping), for the model's own tests and the XML
 * bench: keys deliberately out of XSD order, attributes, Latin Extended and XML-special text, one
 * vehicle with trailer and container (the identifier subset), and `lines` packages and items.
 */
import type { EftiNode } from '../../src/modules/efti/efti-node.js';

const address = (street: string, postcode: string, city: string, country: string): EftiNode => ({
  streetName: [street],
  countryCode: country,
  postcode: [postcode],
  cityName: [city],
});

export function syntheticConsignment(lines = 3): EftiNode {
  return {
    // Out of sequence order on purpose: the XSD puts transportPackage, usedTransportEquipment last.
    transportPackage: Array.from({ length: lines }, (_, i) => ({
      typeCode: [i % 2 === 0 ? 'PX' : 'BX'],
      shippingMarks: [{ markingText: [`M-${i + 1} <fragile> & dry`] }],
      itemQuantity: String(i + 1),
    })),
    usedTransportEquipment: [
      {
        sequenceNumber: '1',
        registrationCountry: { code: 'NL' },
        id: 'OR-88-KZ',
        categoryCode: 'TE',
        carriedTransportEquipment: [{ sequenceNumber: '1', id: 'MSCU1234565' }],
      },
    ],
    consignor: {
      postalAddress: address('Waalhaven Zuidzijde 21', '3089 JH', 'Rotterdam', 'NL'),
      name: ['Łódź Żółć Spedycja Sp. z o.o. & Ærø', 'Ştefan Ţară Şi Ğüç'],
      id: { value: 'NL812345678', schemeAgencyId: 'EORI' },
    },
    consignee: { name: ['Rheinstahl Komponenten GmbH'], postalAddress: address('Hafenstraße 112', '47119', 'Duisburg', 'DE') },
    carrier: { name: ['Van den Berg Transport B.V.'], postalAddress: address('Transportweg 8', '5928 PA', 'Venlo', 'NL') },
    carrierAcceptanceDateTime: { formatId: '205', value: '202612010700+0000' },
    carrierAcceptanceLocation: { postalAddress: address('Waalhaven Zuidzijde 21', '3089 JH', 'Rotterdam', 'NL') },
    consigneeReceiptLocation: { postalAddress: address('Hafenstraße 112', '47119', 'Duisburg', 'DE') },
    grossWeight: [{ value: String(1000 + lines * 12.5), unitId: 'KGM' }],
    grossVolume: [{ value: '14.4', unitId: 'MTQ' }],
    numberOfPackages: String(lines),
    includedConsignmentItem: Array.from({ length: lines }, (_, i) => ({
      grossVolume: [{ value: '0.25', unitId: 'MTQ' }],
      goodsUnitQuantity: [String(i + 1)],
    })),
    mainCarriageTransportMovement: [
      {
        usedTransportMeans: { registrationCountry: { code: 'NL' }, id: '12-BXL-4' },
        modeCode: '3',
        dangerousGoodsIndicator: 'false',
      },
    ],
    deliveryEvent: { actualOccurrenceDateTime: { value: '202612011400+0100', formatId: '205' } },
  };
}
