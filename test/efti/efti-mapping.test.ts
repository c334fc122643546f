/**
 * The mapping of a shipment to an eFTI consignment (src/modules/efti/mapping), on the eFTI
 * fixtures: the values an inspector or a certifier would check, and, on every fixture, that each
 * element written is one of the schema, repeats exactly where the schema lets it, and fits the
 * Annex format and code lists.
 */
import { describe, expect, it } from 'vitest';
import type { EftiNode } from '../../src/modules/efti/efti-node.js';
import { ANNEX_ELEMENTS, annexElement, CODE_LISTS } from '../../src/modules/efti/mapping/annex.js';
import { consignmentOf, projectConsignment } from '../../src/modules/efti/mapping/consignment-of.js';
import type { EftiSignature, EftiSource } from '../../src/modules/efti/mapping/efti-source.js';
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import type { ShipmentRow } from '../../src/modules/shipments/shipments.repository.js';
import { validateShipment } from '../../src/modules/shipments/validate-shipment.js';
import { adrShipment, cabotageShipment, combinedShipment, eftiFixtures, latinExtendedShipment, longNameShipment, twoHundredLineShipment } from '../support/efti-fixtures.js';
import { fullShipment } from '../support/shipment-fixtures.js';

const project = (input: ShipmentInput, transportType: string, signatures: EftiSignature[] = []) =>
  projectConsignment(input, { transportType, signatures, shipmentId: 'shp_01KBQ4ZC3W5J9D8N3Y2T7X6V1R', issuedAt: new Date('2026-12-01T06:15:30Z') });
const tree = (node: EftiNode): any => node;
const ids = (omitted: { efti_id: string; subset: string }[]) => omitted.map((o) => `${o.subset} ${o.efti_id}`);

/** Every element of the tree with its path and value (attributes stay inside their leaf). */
function elements(node: EftiNode, path = 'consignment'): { path: string; value: unknown }[] {
  return Object.entries(node).flatMap(([name, value]) => {
    const here = `${path}/${name}`;
    const occurrences = Array.isArray(value) ? value : [value];
    return [
      { path: here, value },
      ...occurrences.flatMap((o) => (typeof o === 'object' && o !== null && !('value' in o) ? elements(o as EftiNode, here) : [])),
    ];
  });
}

const leafText = (leaf: unknown) => (typeof leaf === 'string' ? leaf : (leaf as { value: string }).value);

describe('eFTI fixtures', () => {
  it.each(Object.entries(eftiFixtures()))('%s validates without errors and derives its transport type', (_, fixture) => {
    const result = validateShipment(fixture.input, 'en');
    expect(result.errors).toEqual([]);
    expect(result.transport_type).toBe(fixture.transport_type);
  });

  it.each(Object.entries(eftiFixtures()))('%s: every element is one of the schema, repeats where it may, and fits its Annex format and code list', (_, fixture) => {
    const { consignment } = project(fixture.input, fixture.transport_type);
    const found = elements(consignment);
    expect(found.length).toBeGreaterThan(30);
    for (const { path, value } of found) {
      const element = annexElement(path);
      expect(element, path).toBeDefined();
      expect(Array.isArray(value), path).toBe(element!.repeats);
      if (element!.id.startsWith('ASBIE')) continue;
      for (const leaf of Array.isArray(value) ? value : [value]) {
        const text = leafText(leaf);
        const format = /^(an|a|n)(?:\.\.)?(\d+)/.exec(element!.format);
        if (format && format[1] !== 'n') expect(Array.from(text).length, `${path} ${text}`).toBeLessThanOrEqual(Number(format[2]));
        if (element!.codeList) expect(CODE_LISTS[element!.codeList], `${path} ${text}`).toContain(text);
        if (typeof leaf === 'object' && 'formatId' in leaf) expect(leaf).toEqual({ value: expect.stringMatching(/^\d{12}\+0000$/), formatId: '205' });
      }
    }
    expect(ANNEX_ELEMENTS.length).toBe(557);
  });
});

describe('the sample shipment (international, one ADR line)', () => {
  const { consignment, applicable_subsets, omitted } = project(fullShipment(), 'international');
  const c = tree(consignment);

  it('falls under EU01 and, for its ADR line, EU05a, and lacks nothing they make mandatory', () => {
    expect(applicable_subsets).toEqual(['EU01', 'EU05a']);
    expect(omitted).toEqual([]);
  });

  it('parties: names split at 35, EORI as id, VAT as tax registration, the consignor contact, house numbers in the street', () => {
    expect(c.consignor).toEqual({
      definedContactDetails: [{ emailAddress: { uRI: 'planning@noordzee-logistics.example' }, telephone: [{ completeNumber: '+31104567890' }] }],
      id: 'NL812345678',
      name: ['Havenbedrijf Noordzee Logistics', 'B.V.'],
      postalAddress: { cityName: ['Rotterdam'], countryCode: 'NL', postcode: ['3089 JH'], streetName: ['Waalhaven Zuidzijde 21'] },
      taxRegistration: [{ id: 'NL812345678B01' }],
    });
    expect(c.consignee).toEqual({
      name: ['Rheinstahl Komponenten GmbH'],
      postalAddress: { cityName: ['Duisburg'], countryCode: 'DE', countrySubDivisionName: ['Nordrhein-Westfalen'], postcode: ['47119'], streetName: ['Hafenstraße 112'] },
    });
    expect(c.carrier).toEqual({ name: ['Van den Berg Transport B.V.'], postalAddress: { cityName: ['Venlo'], countryCode: 'NL', postcode: ['5928 PA'], streetName: ['Transportweg 8'] } });
    expect(c.carrierAcceptanceLocation.postalAddress.streetName).toEqual(['Waalhaven Zuidzijde 21']);
    expect(c.consigneeReceiptLocation.postalAddress).toEqual({ cityName: ['Duisburg'], countryCode: 'DE', postcode: ['47119'], streetName: ['Hafenstraße 112'] });
  });

  it('goods: descriptions, Rec. 21 package codes with quantities and marks, totals in KGM and MTQ, the dangerous goods', () => {
    expect(c.natureIdentificationCargo).toEqual({ identificationText: ['Steel flanges DN150, zinc plated', 'Gaskets, EPDM, boxed', 'Isopropanol cleaning agent'] });
    expect(c.transportPackage).toEqual([
      { itemQuantity: '12', shippingMarks: [{ markingText: ['RK-55321/1-12'] }], typeCode: ['PX'] },
      { itemQuantity: '8', shippingMarks: [{ markingText: ['RK-55321/13-20'] }], typeCode: ['CT'] },
      { itemQuantity: '4', shippingMarks: [{ markingText: ['RK-55321/21'] }], typeCode: ['DR'] },
    ]);
    expect(c.numberOfPackages).toBe('24');
    expect(c.grossWeight).toEqual([{ value: '9672.5', unitId: 'KGM' }]);
    expect(c.grossVolume).toEqual([{ value: '16.5', unitId: 'MTQ' }]);
    expect(c.includedConsignmentItem).toEqual([
      { transportDangerousGoods: [{ hazardClassificationID: '3', packagingDangerLevelCode: 'II', properShippingName: ['ISOPROPANOL'], tunnelRestrictionCode: 'D/E', uNDGID: '1219' }] },
    ]);
  });

  it('transport: road, the motor vehicle and its country, the trailer without a country (the truck’s is never copied)', () => {
    expect(c.mainCarriageTransportMovement).toEqual([{ dangerousGoodsIndicator: 'true', modeCode: '3', usedTransportMeans: { id: '12-BXL-4', registrationCountry: { code: 'NL' } } }]);
    expect(c.usedTransportEquipment).toEqual([{ categoryCode: 'T1', id: 'OR-88-KZ', sequenceNumber: '1' }]);
  });

  it('contract: code 730 issued at issue time, carriage charges, agreements and instructions, acceptance at the pickup window in code 205 UTC', () => {
    expect(c.transportContractDocument).toEqual({ formattedIssueDateTime: { value: '202612010615+0000', formatId: '205' }, typeCode: '730' });
    expect(c.applicableServiceCharge).toEqual([{ appliedAmount: [{ value: '1250', currencyId: 'EUR' }] }]);
    expect(c.contractTermsText).toEqual(['Goods must be kept dry. No transhipment without written consent of the consignor.']);
    expect(c.consignorProvidedInformationText).toEqual(['Customs formalities completed by the consignor; export declaration MRN attached.']);
    expect(c.carrierAcceptanceDateTime).toEqual({ value: '202612010700+0000', formatId: '205' });
    expect(c).not.toHaveProperty('deliveryEvent');
    expect(c).not.toHaveProperty('cODAmount');
  });

  it('leaves out what is not projected: reference, principal, driver, stop contacts and instructions, HS codes', () => {
    const json = JSON.stringify(consignment);
    for (const absent of ['PO-2026-118734', 'NZL-OUT-55321', 'Noordzee Trading', 'Pieter Jansen', 'Gate 3 supervisor', 'Report at gate 3', '730791', 'Commercial invoice']) expect(json).not.toContain(absent);
  });

  it('orders every element as the XSD sequences do (by name)', () => {
    for (const { value } of elements(consignment)) {
      for (const o of Array.isArray(value) ? value : [value]) {
        if (typeof o === 'object' && o !== null && !('value' in o)) expect(Object.keys(o)).toEqual(Object.keys(o).sort());
      }
    }
    expect(Object.keys(consignment)).toEqual(Object.keys(consignment).sort());
  });
});

describe('signatures', () => {
  const signed = (role: EftiSignature['role'], phase: EftiSignature['phase'], at: string): EftiSignature => ({ role, phase, successive_index: -1, signer_name: 'Signer', level: 'ades', signed_at: new Date(at) });
  const signatures = [
    signed('consignor', 'pickup', '2026-12-01T07:40:00Z'),
    signed('carrier', 'pickup', '2026-12-01T07:42:10Z'),
    signed('consignee', 'delivery', '2026-12-01T14:05:59Z'),
  ];

  it('the carrier’s pickup signature is the acceptance time, the consignee’s is the delivery time', () => {
    const c = tree(project(fullShipment(), 'international', signatures).consignment);
    expect(c.carrierAcceptanceDateTime).toEqual({ value: '202612010742+0000', formatId: '205' });
    expect(c.deliveryEvent).toEqual({ actualOccurrenceDateTime: { value: '202612011405+0000', formatId: '205' } });
  });

  it('give no confirmedDocumentAuthentication statement code (no code list to cite): EU03 lists eFTI65, 84 and 115 as omitted', () => {
    const { consignment, omitted } = project(cabotageShipment(), 'cabotage', signatures);
    expect(JSON.stringify(consignment)).not.toContain('confirmedDocumentAuthentication');
    expect(ids(omitted)).toEqual(expect.arrayContaining(['EU03 eFTI65', 'EU03 eFTI84', 'EU03 eFTI115']));
  });

  it('the stored shipment projects through consignmentOf with its id, issue time and signatures', () => {
    const row = { id: 'shp_01KBQ4ZC3W5J9D8N3Y2T7X6V1R', transport_type: 'international', issued_at: new Date('2026-12-01T06:15:30Z'), data: fullShipment(), dataset_id: '9b2f1c7e-4d1a-4f6b-8c3e-2a5d7e9f0b1c' };
    const source: EftiSource = { shipment: row as unknown as ShipmentRow & { dataset_id: string }, signatures, erasures: 0 };
    const projection = consignmentOf(source);
    expect(projection).toEqual(project(fullShipment(), 'international', signatures));
  });
});

describe('dangerous goods', () => {
  const { consignment, applicable_subsets, omitted } = project(adrShipment(), 'national');
  const c = tree(consignment);

  it('every ADR line is an item (limited quantity too); codes as the Annex formats them; a long name split at 128', () => {
    expect(applicable_subsets).toEqual(['EU01', 'EU05a']);
    expect(omitted).toEqual([]);
    const goods = c.includedConsignmentItem.map((item: { transportDangerousGoods: unknown[] }) => item.transportDangerousGoods[0]);
    expect(goods[0]).toEqual({ hazardClassificationID: '3', packagingDangerLevelCode: 'III', properShippingName: ['PAINT'], tunnelRestrictionCode: 'D/E', uNDGID: '1263' });
    expect(goods[1].tunnelRestrictionCode).toBe('E');
    expect(goods[1]).not.toHaveProperty('packagingDangerLevelCode');
    expect(goods[1].properShippingName.length).toBe(2);
    expect(goods[1].properShippingName.every((part: string) => part.length <= 128)).toBe(true);
    expect(goods[1].properShippingName.join(' ')).toBe(adrShipment().goods![1]!.adr!.proper_shipping_name);
    expect(goods[2]).toEqual({ hazardClassificationID: '2.1', properShippingName: ['AEROSOLS'], uNDGID: '1950' });
    expect(c.mainCarriageTransportMovement[0].dangerousGoodsIndicator).toBe('true');
    expect(c.usedTransportEquipment).toEqual([{ categoryCode: 'TE', id: 'OT-44-RR', registrationCountry: { code: 'NL' }, sequenceNumber: '1' }]);
  });

  it('only limited quantities: no EU05a, the indicator still true; no ADR at all: false', () => {
    const lq = adrShipment();
    lq.goods = [lq.goods![2]!];
    expect(project(lq, 'national').applicable_subsets).toEqual(['EU01']);
    expect(tree(project(lq, 'national').consignment).mainCarriageTransportMovement[0].dangerousGoodsIndicator).toBe('true');
    const none = { ...lq, goods: [{ description: 'Books', quantity: 1, package_type: 'box' as const }] };
    expect(tree(project(none, 'national').consignment).mainCarriageTransportMovement[0].dangerousGoodsIndicator).toBe('false');
  });

  it('a tunnel code longer than the Annex’s 3 characters is left out, not cut', () => {
    const input = adrShipment();
    input.goods![0]!.adr!.tunnel_code = '(B1000C)';
    expect(tree(project(input, 'national').consignment).includedConsignmentItem[0].transportDangerousGoods[0]).not.toHaveProperty('tunnelRestrictionCode');
  });
});

describe('combined transport', () => {
  it('EU02: the leg’s sequence number, the trailer and its country, the carried container', () => {
    const { consignment, applicable_subsets, omitted } = project(combinedShipment(), 'combined');
    const c = tree(consignment);
    expect(applicable_subsets).toEqual(['EU01', 'EU02']);
    expect(omitted).toEqual([]);
    expect(c.mainCarriageTransportMovement[0]).toMatchObject({ modeCode: '3', sequenceNumber: ['2'] });
    expect(c.usedTransportEquipment).toEqual([
      {
        carriedTransportEquipment: [{ categoryCode: ['CN'], id: 'MSKU1234565', sequenceNumber: '1' }],
        categoryCode: 'TE',
        id: 'OV-21-TT',
        registrationCountry: { code: 'BE' },
        sequenceNumber: '1',
      },
    ]);
  });

  it('without vehicle.trailer_country the trailer’s country is omitted for EU02, not taken from the truck', () => {
    const input = combinedShipment();
    delete input.vehicle!.trailer_country;
    const { consignment, omitted } = project(input, 'combined');
    expect(tree(consignment).usedTransportEquipment[0]).not.toHaveProperty('registrationCountry');
    expect(omitted).toEqual([{ efti_id: 'eFTI578', subset: 'EU02', path: 'consignment/usedTransportEquipment/registrationCountry/code' }]);
  });
});

describe('cabotage', () => {
  it('EU03: what we fill, and exactly what we cannot', () => {
    const { consignment, applicable_subsets, omitted } = project(cabotageShipment(), 'cabotage');
    const c = tree(consignment);
    expect(applicable_subsets).toEqual(['EU01', 'EU03']);
    expect(c.mainCarriageTransportMovement[0].usedTransportMeans).toEqual({ id: 'GD 4R781', registrationCountry: { code: 'PL' } });
    expect(c.usedTransportEquipment).toEqual([{ categoryCode: 'TE', id: 'ULI 88CA', registrationCountry: { code: 'CZ' }, sequenceNumber: '1' }]);
    expect(c.carrier).toEqual({ id: 'PL5842736451000', name: ['Trans-Wisła Sp. z o.o.'], postalAddress: { cityName: ['Gdańsk'], countryCode: 'PL', postcode: ['80-601'], streetName: ['ul. Portowa 12'] } });
    expect(c.consignee.postalAddress.countrySubDivisionName).toEqual(['Bayern']);
    expect(c.transportPackage[1]).toEqual({ itemQuantity: '3', typeCode: ['BG'] });
    expect(c.cODAmount).toEqual({ value: '150.5', currencyId: 'EUR' });
    expect(omitted).toEqual([
      { efti_id: 'eFTI115', subset: 'EU03', path: 'consignment/carrier/confirmedDocumentAuthentication/statementCode' },
      { efti_id: 'eFTI84', subset: 'EU03', path: 'consignment/consignee/confirmedDocumentAuthentication/statementCode' },
      { efti_id: 'eFTI65', subset: 'EU03', path: 'consignment/consignor/confirmedDocumentAuthentication/statementCode' },
      { efti_id: 'eFTI617', subset: 'EU03', path: 'consignment/mainCarriageTransportMovement/usedTransportMeans/typeCode' },
      { efti_id: 'eFTI691', subset: 'EU03', path: 'consignment/transportPackage/shippingMarks/markingText' },
    ]);
  });

  it('without a vehicle: the plate, its country and the trailer are omitted for EU03', () => {
    const input = cabotageShipment();
    delete input.vehicle;
    expect(ids(project(input, 'cabotage').omitted)).toEqual(
      expect.arrayContaining(['EU03 eFTI618', 'EU03 eFTI620', 'EU03 eFTI617', 'EU03 eFTI374', 'EU03 eFTI378', 'EU03 eFTI578']),
    );
  });
});

describe('200 goods lines', () => {
  it('one package and one description per line; totals over all of them', () => {
    const c = tree(project(twoHundredLineShipment(), 'international').consignment);
    expect(c.transportPackage).toHaveLength(200);
    expect(c.natureIdentificationCargo.identificationText).toHaveLength(200);
    expect(c.transportPackage[199]).toEqual({ itemQuantity: '5', shippingMarks: [{ markingText: ['SP-200'] }], typeCode: ['BX'] });
    expect(c.transportPackage.map((p: { typeCode: string[] }) => p.typeCode[0]).slice(0, 11)).toEqual(['PX', 'BX', 'CT', 'CR', 'BG', 'DR', 'RO', 'BE', 'CN', 'NE', 'ZZ']);
    expect(c.numberOfPackages).toBe('600');
    expect(c.grossWeight).toEqual([{ value: '2050', unitId: 'KGM' }]);
    expect(c.grossVolume).toEqual([{ value: '10', unitId: 'MTQ' }]);
  });

  it('a line without a weight leaves the total out rather than understating it', () => {
    const input = twoHundredLineShipment();
    delete input.goods![7]!.gross_weight_kg;
    const c = tree(project(input, 'international').consignment);
    expect(c).not.toHaveProperty('grossWeight');
    expect(c.grossVolume).toEqual([{ value: '10', unitId: 'MTQ' }]);
  });
});

describe('long names', () => {
  const input = longNameShipment();
  const c = tree(project(input, 'international').consignment);

  it('split over repeated occurrences of at most 35 characters, never cut', () => {
    expect(c.consignor.name).toEqual(['Internationale Spedition und', 'Logistik Rhein-Main GmbH & Co.', 'Kommanditgesellschaft']);
    expect(c.consignor.name.join(' ')).toBe(input.consignor!.name);
    expect(c.consignee.name).toEqual(['Rheinstahl Komponenten und', 'Sonderanfertigungen GmbH']);
    expect(c.carrier.name).toEqual(['VanDenBergInternationaalTransportEn', 'Logistiek B.V.']);
  });

  it('an additional line too long for its single element continues the street; the department stays', () => {
    const address = c.consignor.postalAddress;
    expect(address).not.toHaveProperty('additionalStreetName');
    expect(address.streetName.every((part: string) => Array.from(part).length <= 35)).toBe(true);
    expect(address.streetName.join(' ')).toBe(`${input.consignor!.address.street} ${input.consignor!.address.additional}`);
    expect(address.departmentName).toBe('Versandabteilung');
    expect(address.cityName).toEqual(['Frankfurt am Main']);
  });

  it('marks split at 70', () => {
    const marks = c.transportPackage[0].shippingMarks[0].markingText;
    expect(marks).toEqual(['RK-55321/1-12 — pallets wrapped in black film, labels on two sides,', 'fragile top layer']);
  });
});

describe('Latin Extended names', () => {
  it('keep every letter and count characters, not bytes', () => {
    const { consignment } = project(latinExtendedShipment(), 'international');
    const c = tree(consignment);
    expect(c.consignor.name).toEqual(['Győri Szállítmányozási és', 'Raktározási Kft.']);
    expect(c.consignee.name).toEqual(['Łódzkie Przedsiębiorstwo Żeglugi', 'Śródlądowej Sp. z o.o.']);
    expect(c.carrier.name).toEqual(['Transporturi Ștefănești S.R.L.']);
    expect(c.carrier.postalAddress).toEqual({ cityName: ['Ștefăneștii de Jos'], countryCode: 'RO', postcode: ['077175'], streetName: ['Strada Țesătorilor 3'] });
    expect(c.connectingCarrier).toEqual([{ name: ['Žilinská dopravná spoločnosť s.r.o.'], postalAddress: { cityName: ['Žilina'], countryCode: 'SK', postcode: ['010 01'], streetName: ['Kragujevská 2'] } }]);
    expect(c.natureIdentificationCargo.identificationText).toEqual(['Příslušenství k čerpadlům, ocelové']);
    expect(c.transportPackage[0].shippingMarks[0].markingText).toEqual(['ĎÁBELSKÝ-Ř/1']);
    expect(c.mainCarriageTransportMovement[0].usedTransportMeans).toEqual({ id: 'B 123 ŞTF', registrationCountry: { code: 'RO' } });
  });
});
