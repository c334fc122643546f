/**
 * Realistic shipment bodies: a full international road transport Rotterdam → Duisburg by a Dutch
 * carrier (about 3 KB of JSON), and small variations of it. Every call returns a fresh copy.
 */
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';

const address = (street: string, postal_code: string, city: string, country: string) => ({ street, postal_code, city, country });

export function fullShipment(): ShipmentInput {
  return {
    reference: 'PO-2026-118734',
    consignor: {
      name: 'Havenbedrijf Noordzee Logistics B.V.',
      address: { ...address('Waalhaven Zuidzijde 21', '3089 JH', 'Rotterdam', 'NL'), coordinates: { lat: 51.8856, lng: 4.4312 } },
      contact: { name: 'Sanne de Vries', email: 'planning@noordzee-logistics.example', phone: '+31104567890', language: 'nl' },
      vat_number: 'NL812345678B01',
      eori: 'NL812345678',
      registration_number: 'KvK 24123456',
      reference: 'NZL-OUT-55321',
    },
    consignee: {
      name: 'Rheinstahl Komponenten GmbH',
      address: { ...address('Hafenstraße 112', '47119', 'Duisburg', 'DE'), department: 'Wareneingang Tor 4', country_subdivision: 'Nordrhein-Westfalen' },
      contact: { name: 'Jonas Becker', email: 'wareneingang@rheinstahl.example', phone: '+492034567800', language: 'de' },
      vat_number: 'DE287654321',
      eori: 'DE2876543210000',
    },
    carrier: {
      name: 'Van den Berg Transport B.V.',
      address: address('Transportweg 8', '5928 PA', 'Venlo', 'NL'),
      contact: { name: 'Dispatch', email: 'dispatch@vdberg-transport.example', phone: '+31773456789' },
      vat_number: 'NL856712345B01',
    },
    principal: {
      name: 'Noordzee Trading B.V.',
      address: address('Coolsingel 40', '3011 AD', 'Rotterdam', 'NL'),
      reference: 'NZT-ORDER-9981',
    },
    pickup: {
      address: address('Waalhaven Zuidzijde 21', '3089 JH', 'Rotterdam', 'NL'),
      window: { from: '2026-12-01T07:00:00Z', to: '2026-12-01T09:00:00Z' },
      contact: { name: 'Gate 3 supervisor', phone: '+31104567891' },
      instructions: 'Report at gate 3 with the booking number. Safety shoes and high-visibility vest required on the terminal.',
    },
    delivery: {
      address: address('Hafenstraße 112', '47119', 'Duisburg', 'DE'),
      window: { from: '2026-12-01T13:00:00Z', to: '2026-12-01T16:00:00Z' },
      contact: { name: 'Jonas Becker', phone: '+492034567800' },
      instructions: 'Dock 4. Call 30 minutes before arrival. Tail-lift not available.',
    },
    goods: [
      { description: 'Steel flanges DN150, zinc plated', marks: 'RK-55321/1-12', quantity: 12, package_type: 'pallet', gross_weight_kg: 8640, volume_m3: 14.4, hs_code: '730791' },
      { description: 'Gaskets, EPDM, boxed', marks: 'RK-55321/13-20', quantity: 8, package_type: 'carton', gross_weight_kg: 212.5, volume_m3: 1.2, hs_code: '401699' },
      {
        description: 'Isopropanol cleaning agent',
        marks: 'RK-55321/21',
        quantity: 4,
        package_type: 'drum',
        gross_weight_kg: 820,
        volume_m3: 0.9,
        hs_code: '290512',
        adr: { un_number: '1219', class: '3', packing_group: 'II', proper_shipping_name: 'ISOPROPANOL', tunnel_code: '(D/E)', environmentally_hazardous: false },
      },
    ],
    vehicle: { plate: '12-BXL-4', trailer_plate: 'OR-88-KZ', country: 'NL', equipment_category: 'T1' },
    driver: { name: 'Pieter Jansen', phone: '+31612345678', email: 'p.jansen@vdberg-transport.example', language: 'nl' },
    charges: { carriage: { amount: '1250.00', currency: 'EUR' }, payer: 'consignor' },
    special_agreements: 'Goods must be kept dry. No transhipment without written consent of the consignor.',
    sender_instructions: 'Customs formalities completed by the consignor; export declaration MRN attached.',
    documents_attached: ['Commercial invoice 2026-118734', 'Packing list', 'Dangerous goods declaration'],
  };
}

/** The smallest body the business rules accept: national, one goods line. */
export function minimalShipment(): ShipmentInput {
  return {
    consignor: { name: 'Sender B.V.', address: address('Kade 1', '1011 AA', 'Amsterdam', 'NL') },
    consignee: { name: 'Receiver B.V.', address: address('Markt 2', '3511 AA', 'Utrecht', 'NL') },
    carrier: { name: 'Carrier B.V.', address: address('Weg 3', '5911 AA', 'Venlo', 'NL') },
    pickup: { address: address('Kade 1', '1011 AA', 'Amsterdam', 'NL'), window: { from: '2026-12-01T08:00:00Z' } },
    delivery: { address: address('Markt 2', '3511 AA', 'Utrecht', 'NL') },
    goods: [{ description: 'Books', quantity: 2, package_type: 'box', gross_weight_kg: 30 }],
  };
}
