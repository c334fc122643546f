/**
 * Sellers of the countries whose national Peppol rules the service enforces beside the Dutch and
 * German ones: a Danish, a Swedish, an Italian and a Greek haulier, each with the invoicing profile
 * its rules need, and a delivered run for a buyer at home (`domestic`) and one in another member
 * state (`crossBorder`, reverse charge).
 */
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import { minimalShipment } from './shipment-fixtures.js';

const address = (street: string, postal_code: string | undefined, city: string, country: string) => ({ street, ...(postal_code ? { postal_code } : {}), city, country });

export interface NationalSeller {
  profile: Record<string, unknown>;
  domestic: () => ShipmentInput;
  crossBorder: () => ShipmentInput;
  /** What the issue body adds for this seller (a Greek seller's MARK, a Swedish buyer's endpoint). */
  domesticBody?: Record<string, unknown>;
  crossBorderBody?: Record<string, unknown>;
}

function run(seller: Record<string, unknown>, payer: NonNullable<ShipmentInput['consignor']>, amount: string): ShipmentInput {
  const body = minimalShipment();
  const sellerAddress = seller.address as ReturnType<typeof address>;
  body.carrier = { name: seller.legal_name as string, address: sellerAddress, vat_number: seller.vat_number as string };
  body.consignor = payer;
  body.pickup = { address: payer.address, window: { from: '2026-12-01T08:00:00Z' } };
  body.consignee = { name: 'Empfänger GmbH', address: address('Hafenstraße 1', '20457', 'Hamburg', 'DE') };
  body.delivery = { address: address('Hafenstraße 1', '20457', 'Hamburg', 'DE') };
  body.charges = { carriage: { amount, currency: 'EUR' }, other: [{ kind: 'waiting_time', amount: '60.00', currency: 'EUR' }], payer: 'consignor' };
  return body;
}

const germanBuyer = { name: 'Hamburger Stahlbau GmbH', address: address('Hafenstraße 1', '20457', 'Hamburg', 'DE'), vat_number: 'DE287654321', reference: 'HSB-PO-991' };

const danishProfile = {
  legal_name: 'Nordhavn Fragt ApS',
  address: address('Containervej 4', '2150', 'Nordhavn', 'DK'),
  vat_number: 'DK13585628',
  registration_number: '13585628',
  peppol_endpoint: { scheme: '0184', id: '13585628' },
  iban: 'DK50 0040 0440 1162 43',
  invoice_number_prefix: 'NHF-',
  vat_rate: '25',
};

const swedishProfile = {
  legal_name: 'Göteborgs Åkeri AB',
  address: address('Hamnvägen 12', '418 34', 'Göteborg', 'SE'),
  vat_number: 'SE556036079301',
  registration_number: '556036-0793',
  tax_registration_id: 'Godkänd för F-skatt',
  peppol_endpoint: { scheme: '0007', id: '5560360793' },
  iban: 'SE45 5000 0000 0583 9825 7466',
  invoice_number_prefix: 'GA-',
  vat_rate: '25',
};

const italianProfile = {
  legal_name: 'Autotrasporti Padani S.r.l.',
  address: address('Via dell\'Interporto 21', '37135', 'Verona', 'IT'),
  vat_number: 'IT01234567897',
  registration_number: 'VR-123456',
  tax_registration_id: '01234567897',
  peppol_endpoint: { scheme: '0211', id: 'IT01234567897' },
  iban: 'IT60 X054 2811 1010 0000 0123 456',
  invoice_number_prefix: 'ATP-',
  vat_rate: '22',
};

const greekProfile = {
  legal_name: 'Thessaloniki Freight A.E.',
  address: address('Limani 7', '546 25', 'Thessaloniki', 'GR'),
  vat_number: 'EL094014201',
  registration_number: 'GEMI 123456701000',
  peppol_endpoint: { scheme: '9933', id: '094014201' },
  iban: 'GR16 0110 1250 0000 0001 2300 695',
  invoice_number_prefix: 'TF',
  vat_rate: '24',
};

export const NATIONAL_SELLERS: Record<'DK' | 'SE' | 'IT' | 'GR', () => NationalSeller> = {
  DK: () => ({
    profile: { ...danishProfile },
    domestic: () => run(danishProfile, { name: 'Aarhus Maskinfabrik A/S', address: address('Havnegade 9', '8000', 'Aarhus', 'DK'), vat_number: 'DK25313763', reference: 'AM-4410' }, '720.00'),
    crossBorder: () => run(danishProfile, germanBuyer, '1480.00'),
  }),
  SE: () => ({
    profile: { ...swedishProfile },
    domestic: () => run(swedishProfile, { name: 'Volvo Lastvagnar AB', address: address('Gropegårdsgatan 2', '417 15', 'Göteborg', 'SE'), vat_number: 'SE556703748501', reference: 'VL-PO-5521' }, '9800.00'),
    domesticBody: { buyer_endpoint: { scheme: '0007', id: '5567037485' } },
    crossBorder: () => run(swedishProfile, germanBuyer, '2150.00'),
  }),
  IT: () => ({
    profile: { ...italianProfile },
    domestic: () => run(italianProfile, { name: 'Acciaierie Venete S.p.A.', address: address('Via Roma 3', '35129', 'Padova', 'IT'), vat_number: 'IT07654321095', reference: 'AV-2026-118' }, '640.00'),
    crossBorder: () => run(italianProfile, germanBuyer, '1910.00'),
  }),
  GR: () => ({
    profile: { ...greekProfile },
    domestic: () => run(greekProfile, { name: 'Athens Steel S.A.', address: address('Pireos 100', '118 54', 'Athina', 'GR'), vat_number: 'EL996645210', reference: 'AS-77' }, '880.00'),
    domesticBody: { mark: '400001234567890' },
    crossBorder: () => run(greekProfile, germanBuyer, '2400.00'),
    crossBorderBody: { mark: '400001234567891' },
  }),
};
