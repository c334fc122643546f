/**
 * Invoice route helpers and the invoice cases the tests issue: delivered shipments of a Dutch and
 * a Belgian carrier with payers in the same country, another member state and outside the EU,
 * and the invoicing profiles of those carriers. The cases are data so that the same invoices can
 * be produced outside the suite, to check them against the official validation artefacts.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import { fullShipment, minimalShipment } from './shipment-fixtures.js';
import { shipmentsApi } from './shipments-api.js';
import type { Tenant, TestApp } from './test-app.js';

export interface InvoicesApi {
  putProfile(body: unknown, key?: string): Promise<LightMyRequestResponse>;
  getProfile(key?: string): Promise<LightMyRequestResponse>;
  issue(shipmentId: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  get(shipmentId: string, accept?: string, key?: string): Promise<LightMyRequestResponse>;
  patch(shipmentId: string, body?: unknown): Promise<LightMyRequestResponse>;
  creditNote(shipmentId: string, body: unknown): Promise<LightMyRequestResponse>;
  creditNotes(shipmentId: string): Promise<LightMyRequestResponse>;
  getCreditNote(shipmentId: string, creditNoteId: string, accept?: string): Promise<LightMyRequestResponse>;
}

export function invoicesApi(t: TestApp, tenant: Tenant): InvoicesApi {
  const auth = (key?: string) => t.auth(key ?? tenant.testKey);
  return {
    putProfile: (body, key) => t.app.inject({ method: 'PUT', url: '/v1/invoicing-profile', headers: auth(key), payload: body as object }),
    getProfile: (key) => t.app.inject({ method: 'GET', url: '/v1/invoicing-profile', headers: auth(key) }),
    issue: (shipmentId, body, headers = {}) =>
      t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/invoice`, headers: { ...auth(), ...headers }, ...(body === undefined ? {} : { payload: body as object }) }),
    get: (shipmentId, accept, key) => t.app.inject({ method: 'GET', url: `/v1/shipments/${shipmentId}/invoice`, headers: { ...auth(key), ...(accept ? { accept } : {}) } }),
    patch: (shipmentId, body) => t.app.inject({ method: 'PATCH', url: `/v1/shipments/${shipmentId}/invoice`, headers: auth(), ...(body === undefined ? {} : { payload: body as object }) }),
    creditNote: (shipmentId, body) => t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/invoice/credit-notes`, headers: auth(), payload: body as object }),
    creditNotes: (shipmentId) => t.app.inject({ method: 'GET', url: `/v1/shipments/${shipmentId}/invoice/credit-notes`, headers: auth() }),
    getCreditNote: (shipmentId, creditNoteId, accept) =>
      t.app.inject({ method: 'GET', url: `/v1/shipments/${shipmentId}/invoice/credit-notes/${creditNoteId}`, headers: { ...auth(), ...(accept ? { accept } : {}) } }),
  };
}

/** Creates, issues and has every party sign a shipment: it is `delivered`. */
export async function deliveredShipment(t: TestApp, tenant: Tenant, body: ShipmentInput): Promise<{ id: string }> {
  const shipment = await shipmentsApi(t, tenant).created(body, { issue: true });
  for (const role of ['consignor', 'carrier', 'consignee']) {
    const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name: `${role} signer` } });
    if (res.statusCode !== 201) throw new Error(`${role} signature answered ${res.statusCode}: ${res.body}`);
  }
  return { id: shipment.id };
}

/** The invoicing profile of the Dutch carrier of the fixtures (Van den Berg Transport, Venlo). */
export function dutchProfile(): Record<string, unknown> {
  return {
    legal_name: 'Van den Berg Transport B.V.',
    vat_number: 'NL856712345B01',
    registration_number: '12345678',
    peppol_endpoint: { scheme: '0106', id: '12345678' },
    iban: 'NL91 ABNA 0417 1643 00',
    bic: 'ABNANL2A',
    payment_terms_days: 30,
    invoice_number_prefix: 'VDB-2026-',
    vat_rate: '21',
  };
}

/** A Belgian carrier in Antwerp: enterprise number 0477.472.701. */
export function belgianProfile(): Record<string, unknown> {
  return {
    legal_name: 'Scheldt Haulage NV',
    vat_number: 'BE 0477.472.701',
    registration_number: '0477.472.701',
    peppol_endpoint: { scheme: '0208', id: '0477472701' },
    iban: 'BE68 5390 0754 7034',
    payment_terms_days: 14,
    invoice_number_prefix: 'SH',
  };
}

const address = (street: string, postal_code: string, city: string, country: string) => ({ street, postal_code, city, country });

/** Amsterdam → Utrecht for a Dutch payer: a domestic run at the standard rate. */
export function dutchDomestic(): ShipmentInput {
  const body = minimalShipment();
  body.reference = 'AMS-UTR-0042';
  body.carrier = { name: 'Van den Berg Transport', address: address('Transportweg 8', '5928 PA', 'Venlo', 'NL') };
  body.consignor = { ...body.consignor!, vat_number: 'NL812345678B01', registration_number: 'KvK 24123456', reference: 'SND-2026-17' };
  body.charges = { carriage: { amount: '1234.56', currency: 'EUR' }, payer: 'consignor' };
  return body;
}

/** Rotterdam → Duisburg paid by the German consignee: reverse charge. */
export function germanPayer(): ShipmentInput {
  const body = fullShipment();
  body.charges = { carriage: { amount: '1250.00', currency: 'EUR' }, payer: 'consignee' };
  return body;
}

/** Rotterdam → Basel paid by the Swiss consignee: outside the scope of EU VAT. */
export function swissPayer(currency = 'EUR'): ShipmentInput {
  const body = fullShipment();
  body.consignee = {
    name: 'Rheinhafen Basel AG',
    address: address('Hafenstrasse 13', '4057', 'Basel', 'CH'),
    vat_number: 'CHE-116.281.710 MWST',
    reference: 'RB-EK-2026-311',
  };
  body.delivery = { address: address('Hafenstrasse 13', '4057', 'Basel', 'CH') };
  body.charges = { carriage: { amount: '2180.40', currency }, payer: 'consignee' };
  return body;
}

/** Antwerp → Ghent for a Belgian payer, by the Belgian carrier. */
export function belgianDomestic(): ShipmentInput {
  const body = minimalShipment();
  body.carrier = { name: 'Scheldt Haulage', address: address('Noorderlaan 100', '2030', 'Antwerpen', 'BE') };
  body.consignor = { name: 'Gentse Staalhandel BV', address: address('Skaldenstraat 5', '9042', 'Gent', 'BE'), vat_number: 'BE0812345603', reference: 'GS-7781' };
  body.pickup = { address: address('Noorderlaan 100', '2030', 'Antwerpen', 'BE'), window: { from: '2026-12-01T08:00:00Z' } };
  body.delivery = { address: address('Skaldenstraat 5', '9042', 'Gent', 'BE') };
  body.consignee = { name: 'Gentse Staalhandel BV', address: address('Skaldenstraat 5', '9042', 'Gent', 'BE') };
  body.charges = { carriage: { amount: '480.10', currency: 'EUR' }, payer: 'consignor' };
  return body;
}

/** Amsterdam → Utrecht paid by the Dutch consignee, with 450.00 to collect on delivery. */
export function dutchConsigneeWithCashOnDelivery(): ShipmentInput {
  const body = dutchDomestic();
  body.consignee = { ...body.consignee!, vat_number: 'NL823456789B01', registration_number: '30123456', reference: 'RCV-PO-88' };
  body.charges = { carriage: { amount: '300.00', currency: 'EUR' }, cash_on_delivery: { amount: '450.00', currency: 'EUR' }, payer: 'consignee' };
  return body;
}

/** A Spanish carrier, another company than the Dutch profile's. */
export function spanishCarrier(): NonNullable<ShipmentInput['carrier']> {
  return { name: 'Transportes Ibéricos S.L.', address: address('Calle de la Logística 7', '50197', 'Zaragoza', 'ES'), vat_number: 'ESB12345674' };
}

/** The Dutch profile with its own postal address, as an invoice on behalf of another carrier needs. */
export function dutchProfileWithAddress(): Record<string, unknown> {
  return { ...dutchProfile(), trading_name: 'VDB Transport', address: address('Transportweg 8', '5928 PA', 'Venlo', 'NL') };
}

/** A German haulier in Duisburg, with the contact the German Peppol rules want on a domestic invoice. */
export function germanProfile(): Record<string, unknown> {
  return {
    legal_name: 'Rhein-Ruhr Spedition GmbH',
    address: address('Am Parallelhafen 12', '47059', 'Duisburg', 'DE'),
    vat_number: 'DE123456789',
    registration_number: 'HRB 12345',
    peppol_endpoint: { scheme: '9930', id: 'DE123456789' },
    contact: { name: 'Buchhaltung', phone: '+49 203 4567 890', email: 'rechnung@rhein-ruhr-spedition.example' },
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    payment_terms_days: 14,
    invoice_number_prefix: 'RRS-',
    vat_rate: '19',
  };
}

/** Duisburg → Köln for a German consignor, by the German haulier: waiting time, tolls, ADR and fuel surcharges beside the carriage. */
export function germanDomestic(): ShipmentInput {
  const body = fullShipment();
  body.carrier = { name: 'Rhein-Ruhr Spedition GmbH', address: address('Am Parallelhafen 12', '47059', 'Duisburg', 'DE'), vat_number: 'DE123456789' };
  body.consignor = { name: 'Rheinstahl Komponenten GmbH', address: address('Hafenstraße 112', '47119', 'Duisburg', 'DE'), vat_number: 'DE287654321', reference: '04011000-12345-67' };
  body.consignee = { name: 'Kölner Maschinenbau AG', address: address('Industriestraße 5', '50735', 'Köln', 'DE') };
  body.pickup = { address: address('Hafenstraße 112', '47119', 'Duisburg', 'DE'), window: { from: '2026-12-01T07:00:00Z', to: '2026-12-01T09:00:00Z' } };
  body.delivery = { address: address('Industriestraße 5', '50735', 'Köln', 'DE') };
  body.vehicle = { plate: 'DU-RR 1234', country: 'DE' };
  body.charges = {
    carriage: { amount: '640.00', currency: 'EUR' },
    other: [
      { kind: 'waiting_time', description: '2 h at Köln', amount: '90.00', currency: 'EUR' },
      { kind: 'tolls', description: 'Lkw-Maut, paid in the customer\'s name', amount: '38.45', currency: 'EUR', vat: { category: 'E', exemption_reason_code: 'VATEX-EU-79-C' } },
      { kind: 'fuel_surcharge', amount: '51.20', currency: 'EUR' },
      { kind: 'adr_surcharge', amount: '75.00', currency: 'EUR' },
    ],
    payer: 'consignor',
  };
  return body;
}

/** Amsterdam → Utrecht with a zero-rated and an exempt charge beside the carriage at 21 %. */
export function dutchDomesticMixedVat(): ShipmentInput {
  const body = dutchDomestic();
  body.charges = {
    carriage: { amount: '800.00', currency: 'EUR' },
    other: [
      { kind: 'other', description: 'Sea freight leg to Hull, zero-rated', amount: '200.00', currency: 'EUR', vat: { category: 'Z' } },
      { kind: 'tolls', amount: '24.60', currency: 'EUR', vat: { category: 'E', exemption_reason_code: 'VATEX-EU-79-C' } },
      { kind: 'waiting_time', amount: '45.00', currency: 'EUR' },
    ],
    payer: 'consignor',
  };
  return body;
}

export interface InvoiceCase {
  name: string;
  profile: Record<string, unknown>;
  shipment: ShipmentInput;
  body?: Record<string, unknown>;
}

/** Every valid invoice the suite issues, for the tests and for checking against the official artefacts. */
export const INVOICE_CASES: Record<string, () => InvoiceCase> = {
  nlDomestic: () => ({ name: 'NL → NL, standard rate', profile: dutchProfile(), shipment: dutchDomestic() }),
  nlToGerman: () => ({ name: 'NL carrier, German business payer, reverse charge', profile: dutchProfile(), shipment: germanPayer(), body: { order_reference: 'RK-PO-4711' } }),
  nlToSwiss: () => ({ name: 'NL carrier, Swiss payer, outside scope', profile: dutchProfile(), shipment: swissPayer() }),
  nlToSwissChf: () => ({ name: 'NL carrier, Swiss payer, charged in CHF', profile: dutchProfile(), shipment: swissPayer('CHF') }),
  nlDomesticUsd: () => {
    const shipment = dutchDomestic();
    shipment.charges!.carriage = { amount: '1000.00', currency: 'USD' };
    return { name: 'NL → NL charged in USD', profile: dutchProfile(), shipment, body: { tax_currency_rate: '0.923456' } };
  },
  beDomestic: () => ({ name: 'Belgian seller, Belgian payer', profile: belgianProfile(), shipment: belgianDomestic(), body: { vat_rate: '21' } }),
  nlDomesticCod: () => ({ name: 'NL → NL consignee paying carriage and cash on delivery', profile: dutchProfile(), shipment: dutchConsigneeWithCashOnDelivery() }),
  nlToGermanCod: () => {
    const shipment = germanPayer();
    shipment.charges!.cash_on_delivery = { amount: '8000.00', currency: 'EUR' };
    return { name: 'NL carrier, German consignee paying carriage (reverse charge) and cash on delivery', profile: dutchProfile(), shipment, body: { order_reference: 'RK-PO-4711' } };
  },
  nlToSwissCod: () => {
    const shipment = swissPayer();
    shipment.charges!.cash_on_delivery = { amount: '1500.00', currency: 'EUR' };
    return { name: 'NL carrier, Swiss consignee paying carriage and cash on delivery, outside scope', profile: dutchProfile(), shipment };
  },
  deDomestic: () => ({ name: 'DE → DE, seller contact and surcharges, tolls exempt', profile: germanProfile(), shipment: germanDomestic() }),
  nlMixedVatWithDocumentCharges: () => ({
    name: 'NL → NL, S + Z + E lines, a document-level charge and allowance',
    profile: dutchProfile(),
    shipment: dutchDomesticMixedVat(),
    body: {
      allowances_charges: [
        { charge: true, amount: '15.00', reason: 'Administration fee', reason_code: 'ABK' },
        { charge: false, amount: '40.00', reason: 'Discount', reason_code: '95' },
      ],
    },
  }),
  nlToGermanTollsExempt: () => {
    const shipment = germanPayer();
    shipment.charges!.other = [
      { kind: 'waiting_time', amount: '60.00', currency: 'EUR' },
      { kind: 'tolls', amount: '112.30', currency: 'EUR', vat: { category: 'E', exemption_reason_code: 'VATEX-EU-79-C' } },
    ];
    return { name: 'NL carrier, German business payer: reverse-charged waiting time, exempt tolls', profile: dutchProfile(), shipment, body: { order_reference: 'RK-PO-4711' } };
  },
  nlOnBehalfOfSpanishCarrier: () => {
    const shipment = dutchDomestic();
    shipment.carrier = spanishCarrier();
    return { name: 'NL company invoicing on behalf of a Spanish carrier', profile: dutchProfileWithAddress(), shipment, body: { on_behalf_of_carrier: true } };
  },
};

/** Puts the case's profile, delivers its shipment and issues the invoice; returns the 201 body and the XML. */
export async function issueCase(t: TestApp, tenant: Tenant, c: InvoiceCase): Promise<{ shipmentId: string; invoice: Record<string, any>; xml: string }> {
  const api = invoicesApi(t, tenant);
  const profile = await api.putProfile(c.profile);
  if (profile.statusCode !== 200) throw new Error(`profile answered ${profile.statusCode}: ${profile.body}`);
  const shipment = await deliveredShipment(t, tenant, c.shipment);
  const issued = await api.issue(shipment.id, c.body);
  if (issued.statusCode !== 201) throw new Error(`issue answered ${issued.statusCode}: ${issued.body}`);
  const xml = await api.get(shipment.id, 'application/xml');
  return { shipmentId: shipment.id, invoice: issued.json(), xml: xml.body };
}
