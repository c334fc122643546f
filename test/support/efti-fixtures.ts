/**
 * Shipment inputs for the eFTI dataset, each with the transport type it derives: the
 * sample shipment, dangerous goods, combined transport, cabotage, 200 goods lines, names longer
 * than the Annex's 35 characters, and names in Latin Extended letters. The mapping's unit tests
 * assert their values; the eFTI route and serialiser tests validate the same bodies with xmllint.
 * Every call returns fresh copies; every body passes the business rules without errors.
 */
import type { ShipmentInput, TransportType } from '../../src/modules/shipments/shipment-input.schema.js';
import { fullShipment, minimalShipment } from './shipment-fixtures.js';

export interface EftiFixture {
  input: ShipmentInput;
  /** What the create derives and stores: it selects the applicable subsets (EU02 combined, EU03 cabotage). */
  transport_type: TransportType;
}

const address = (street: string, postal_code: string, city: string, country: string) => ({ street, postal_code, city, country });

/** Dangerous goods on a national carriage: two ADR lines with transport-document particulars, one in limited quantity. */
export function adrShipment(): ShipmentInput {
  return {
    ...minimalShipment(),
    goods: [
      {
        description: 'Paint, flammable',
        marks: 'VF-1001/1-10',
        quantity: 10,
        package_type: 'drum',
        gross_weight_kg: 2150.75,
        volume_m3: 2.4,
        adr: { un_number: '1263', class: '3', packing_group: 'III', proper_shipping_name: 'PAINT', tunnel_code: '(D/E)' },
      },
      {
        description: 'Compressed gas cylinders',
        quantity: 6,
        package_type: 'crate',
        gross_weight_kg: 480,
        volume_m3: 1.1,
        adr: {
          un_number: '1956',
          class: '2.2',
          proper_shipping_name: 'COMPRESSED GAS, N.O.S. (nitrogen, argon) — technical names as required by special provision 274 of ADR chapter 3.3, which this name repeats in full',
          tunnel_code: '(E)',
          environmentally_hazardous: false,
        },
      },
      {
        description: 'Aerosols, cleaning',
        quantity: 20,
        package_type: 'carton',
        gross_weight_kg: 96,
        volume_m3: 0.8,
        adr: { un_number: '1950', class: '2.1', proper_shipping_name: 'AEROSOLS', limited_quantity: true },
      },
    ],
    vehicle: { plate: 'VX-123-B', trailer_plate: 'OT-44-RR', country: 'NL', equipment_category: 'TE', trailer_country: 'NL' },
  };
}

/** The road leg (2 of 3) of a combined transport: a container on a chassis from the Rotterdam terminal. */
export function combinedShipment(): ShipmentInput {
  return {
    ...fullShipment(),
    transport_type: 'combined',
    goods: [{ description: 'Machine parts', marks: 'MP-778', quantity: 18, package_type: 'pallet', gross_weight_kg: 12400, volume_m3: 30 }],
    vehicle: { plate: '45-BXX-9', trailer_plate: 'OV-21-TT', country: 'NL', equipment_category: 'TE', trailer_country: 'BE' },
    combined_transport: { sequence: 2, carried_unit: { id: 'MSKU1234565', category: 'CN' } },
  };
}

/** Cabotage: a Polish carrier carrying within Germany, Hamburg → München, with a Polish tractor and a Czech trailer. */
export function cabotageShipment(): ShipmentInput {
  return {
    consignor: { name: 'Elbe Papier GmbH', address: address('Am Sandtorkai 50', '20457', 'Hamburg', 'DE'), eori: 'DE123456789012' },
    consignee: { name: 'Isar Druck AG', address: { ...address('Landsberger Straße 300', '80687', 'München', 'DE'), country_subdivision: 'Bayern' } },
    carrier: { name: 'Trans-Wisła Sp. z o.o.', address: address('ul. Portowa 12', '80-601', 'Gdańsk', 'PL'), eori: 'PL5842736451000' },
    pickup: { address: address('Am Sandtorkai 50', '20457', 'Hamburg', 'DE'), window: { from: '2026-12-02T06:30:00Z', to: '2026-12-02T08:00:00Z' } },
    delivery: { address: address('Landsberger Straße 300', '80687', 'München', 'DE'), window: { from: '2026-12-02T17:00:00Z' } },
    goods: [
      { description: 'Paper reels', marks: 'EP-2026-441', quantity: 22, package_type: 'roll', gross_weight_kg: 21560, volume_m3: 48 },
      { description: 'Core plugs', quantity: 3, package_type: 'bag', gross_weight_kg: 45 },
    ],
    vehicle: { plate: 'GD 4R781', trailer_plate: 'ULI 88CA', country: 'PL', equipment_category: 'TE', trailer_country: 'CZ' },
    charges: { carriage: { amount: '980.00', currency: 'EUR' }, cash_on_delivery: { amount: '150.50', currency: 'EUR' }, payer: 'consignor' },
  };
}

/** The most goods lines the schema takes. */
export function twoHundredLineShipment(): ShipmentInput {
  const types = ['pallet', 'box', 'carton', 'crate', 'bag', 'drum', 'roll', 'bundle', 'container', 'loose', 'other'] as const;
  return {
    ...fullShipment(),
    goods: Array.from({ length: 200 }, (_, i) => ({
      description: `Spare part ${i + 1}, article ${String(100000 + i)}`,
      marks: `SP-${i + 1}`,
      quantity: (i % 5) + 1,
      package_type: types[i % types.length] ?? 'other',
      gross_weight_kg: 10.25,
      volume_m3: 0.05,
    })),
  };
}

/** Names and address lines longer than the Annex allows in one element (35; marks 70). */
export function longNameShipment(): ShipmentInput {
  const shipment = fullShipment();
  return {
    ...shipment,
    consignor: {
      ...shipment.consignor!,
      name: 'Internationale Spedition und Logistik Rhein-Main GmbH & Co. Kommanditgesellschaft',
      address: {
        street: 'Industriestraße 117, Gewerbegebiet Frankfurt-Fechenheim Nord',
        additional: 'Hintereingang über die Zufahrt der Nachbarfirma, Halle 7 bis 9',
        department: 'Versandabteilung',
        postal_code: '60386',
        city: 'Frankfurt am Main',
        country: 'DE',
      },
    },
    consignee: { ...shipment.consignee!, name: 'Rheinstahl Komponenten und Sonderanfertigungen GmbH' },
    carrier: { ...shipment.carrier!, name: 'VanDenBergInternationaalTransportEnLogistiek B.V.' },
    goods: [{ ...shipment.goods![0]!, marks: 'RK-55321/1-12 — pallets wrapped in black film, labels on two sides, fragile top layer' }],
  };
}

/** Names in Latin Extended letters (Polish, Hungarian, Romanian, Slovak, Czech), some also longer than 35. */
export function latinExtendedShipment(): ShipmentInput {
  const shipment = cabotageShipment();
  return {
    ...shipment,
    consignor: { name: 'Győri Szállítmányozási és Raktározási Kft.', address: address('Fehérvári út 14', '9027', 'Győr', 'HU') },
    consignee: { name: 'Łódzkie Przedsiębiorstwo Żeglugi Śródlądowej Sp. z o.o.', address: address('ul. Źródłowa 5', '91-735', 'Łódź', 'PL') },
    carrier: { name: 'Transporturi Ștefănești S.R.L.', address: address('Strada Țesătorilor 3', '077175', 'Ștefăneștii de Jos', 'RO') },
    pickup: { address: address('Fehérvári út 14', '9027', 'Győr', 'HU'), window: { from: '2026-12-03T05:00:00Z' } },
    delivery: { address: address('ul. Źródłowa 5', '91-735', 'Łódź', 'PL') },
    successive_carriers: [{ name: 'Žilinská dopravná spoločnosť s.r.o.', address: address('Kragujevská 2', '010 01', 'Žilina', 'SK') }],
    goods: [{ description: 'Příslušenství k čerpadlům, ocelové', marks: 'ĎÁBELSKÝ-Ř/1', quantity: 4, package_type: 'crate', gross_weight_kg: 360 }],
    vehicle: { plate: 'B 123 ŞTF', country: 'RO' },
  };
}

/** Every fixture by name, with the transport type the create stores. */
export function eftiFixtures(): Record<string, EftiFixture> {
  return {
    sample: { input: fullShipment(), transport_type: 'international' },
    adr: { input: adrShipment(), transport_type: 'national' },
    combined: { input: combinedShipment(), transport_type: 'combined' },
    cabotage: { input: cabotageShipment(), transport_type: 'cabotage' },
    two_hundred_lines: { input: twoHundredLineShipment(), transport_type: 'international' },
    long_names: { input: longNameShipment(), transport_type: 'international' },
    latin_extended: { input: latinExtendedShipment(), transport_type: 'international' },
  };
}
