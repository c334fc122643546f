/**
 * 422 `invoice_incomplete`: every fact an invoice needs that neither the shipment, the invoicing
 * profile nor the body gives, each named in `detail` and in `errors`. Nothing is numbered or
 * stored for a refused invoice: the next one issued still gets number 0001.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentInput } from '../../../src/modules/shipments/shipment-input.schema.js';
import { backends } from '../../support/backends.js';
import {
  deliveredShipment,
  dutchConsigneeWithCashOnDelivery,
  dutchDomestic,
  dutchProfile,
  dutchProfileWithAddress,
  germanPayer,
  invoicesApi,
  spanishCarrier,
  swissPayer,
} from '../../support/invoices-api.js';
import { documentsApi } from '../../support/documents-api.js';
import { expectProblem } from '../../support/problems.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('invoice_incomplete on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  /** Issues for a delivered `shipment` under `profile`; expects 422 naming exactly `names`. */
  async function refused(tenant: Tenant, shipment: ShipmentInput, profile: Record<string, unknown> | null, body: object | undefined, names: string[]) {
    const api = invoicesApi(t, tenant);
    if (profile) expect((await api.putProfile(profile)).statusCode).toBe(200);
    const { id } = await deliveredShipment(t, tenant, shipment);
    const problem = expectProblem(await api.issue(id, body), 'invoice_incomplete');
    // Each finding's path is the JSON path of the fact; `detail` names the facts.
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(names.map((name) => `$.${name}`));
    for (const name of names) expect(problem.detail).toContain(name);
    return { id, problem };
  }

  it('no carriage charge: charges.carriage', async () => {
    const shipment = dutchDomestic();
    shipment.charges = { payer: 'consignor' };
    const { problem } = await refused(await t.newTenant(), shipment, dutchProfile(), undefined, ['charges.carriage']);
    expect(problem.detail).toContain('the carriage charge');
  });

  it('a carriage charge of zero: charges.carriage (credit notes come later)', async () => {
    const shipment = dutchDomestic();
    shipment.charges!.carriage = { amount: '0.00', currency: 'EUR' };
    await refused(await t.newTenant(), shipment, dutchProfile(), undefined, ['charges.carriage']);
  });

  it('no payer: charges.payer; a payer named but absent: that party', async () => {
    const tenant = await t.newTenant();
    const shipment = dutchDomestic();
    delete shipment.charges!.payer;
    await refused(tenant, shipment, dutchProfile(), undefined, ['charges.payer']);
    const byPrincipal = dutchDomestic();
    byPrincipal.charges!.payer = 'principal';
    await refused(tenant, byPrincipal, null, undefined, ['principal']);
  });

  it('no invoicing profile: invoicing_profile', async () => {
    await refused(await t.newTenant(), dutchDomestic(), null, undefined, ['invoicing_profile']);
  });

  it('a domestic run without a rate in body or profile, or with 0: vat_rate', async () => {
    const tenant = await t.newTenant();
    const profile = dutchProfile();
    delete profile.vat_rate;
    const { id, problem } = await refused(tenant, dutchDomestic(), profile, undefined, ['vat_rate']);
    expect(problem.detail).toContain('the VAT rate of a domestic run in NL');
    expectProblem(await invoicesApi(t, tenant).issue(id, { vat_rate: '0' }), 'invoice_incomplete');
    // The body's rate completes it.
    expect((await invoicesApi(t, tenant).issue(id, { vat_rate: '9' })).json()).toMatchObject({ vat: { rate: '9' }, amounts: { vat: '111.11' } });
  });

  it('a Dutch seller without an IBAN: invoicing_profile.iban, the payee account (NL-R-007)', async () => {
    const profile = dutchProfile();
    delete profile.iban;
    const { problem } = await refused(await t.newTenant(), dutchDomestic(), profile, undefined, ['invoicing_profile.iban']);
    expect(problem.detail).toContain('the payee account of a Dutch seller');
  });

  it('a Dutch seller without a postal code: carrier.address.postal_code (NL-R-002)', async () => {
    const shipment = dutchDomestic();
    delete shipment.carrier!.address.postal_code;
    await refused(await t.newTenant(), shipment, dutchProfile(), undefined, ['carrier.address.postal_code']);
  });

  it('a Dutch buyer of a Dutch seller without postal code or KvK number: both named (NL-R-004, NL-R-005)', async () => {
    const shipment = dutchDomestic();
    delete shipment.consignor!.address.postal_code;
    shipment.consignor!.registration_number = 'pending';
    await refused(await t.newTenant(), shipment, dutchProfile(), undefined, ['consignor.address.postal_code', 'consignor.registration_number']);
  });

  it('a payer in another member state without a VAT number: its vat_number, for the reverse charge', async () => {
    const shipment = germanPayer();
    delete shipment.consignee!.vat_number;
    await refused(await t.newTenant(), shipment, dutchProfile(), { order_reference: 'RK-1' }, ['consignee.vat_number']);
  });

  it('a payer without a VAT number to derive its Peppol address from: buyer_endpoint, which the body then gives', async () => {
    const tenant = await t.newTenant();
    const shipment = swissPayer();
    delete shipment.consignee!.vat_number;
    const { id } = await refused(tenant, shipment, dutchProfile(), undefined, ['buyer_endpoint']);
    // A GLN with a wrong check digit would break PEPPOL-COMMON-R040: refused before issuing.
    const wrong = expectProblem(await invoicesApi(t, tenant).issue(id, { buyer_endpoint: { scheme: '0088', id: '7612345000004' } }), 'validation_failed');
    expect(wrong.errors.map((e: { path: string }) => e.path)).toEqual(['$.buyer_endpoint.id']);
    const issued = await invoicesApi(t, tenant).issue(id, { buyer_endpoint: { scheme: '0088', id: '7612345000008' } });
    expect(issued.statusCode).toBe(201);
    expect(issued.json().buyer.endpoint).toEqual({ scheme: '0088', id: '7612345000008' });
  });

  it('a body\'s endpoint outside the Peppol schemes, or a rate of zero, is validation_failed before anything else', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    expect((await api.putProfile(dutchProfile())).statusCode).toBe(200);
    const { id } = await deliveredShipment(t, tenant, dutchDomestic());
    const bad = expectProblem(await api.issue(id, { buyer_endpoint: { scheme: '9955', id: 'SE556677889901' }, tax_currency_rate: '0.000' }), 'validation_failed');
    expect(bad.errors.map((e: { path: string }) => e.path)).toEqual(['$.buyer_endpoint.scheme', '$.tax_currency_rate']);
  });

  it('neither a buyer reference (the payer has none) nor an order reference: buyer_reference (PEPPOL-EN16931-R003)', async () => {
    const shipment = germanPayer();
    await refused(await t.newTenant(), shipment, dutchProfile(), undefined, ['buyer_reference']);
  });

  it('VAT due in a currency other than the seller\'s accounting currency, without a rate: tax_currency_rate', async () => {
    const shipment = dutchDomestic();
    shipment.charges!.carriage = { amount: '1000.00', currency: 'USD' };
    const { problem } = await refused(await t.newTenant(), shipment, dutchProfile(), undefined, ['tax_currency_rate']);
    expect(problem.detail).toContain('from USD to EUR');
  });

  it('a carrier that is another company: its VAT number and name are mismatches, until the body says the profile\'s company invoices on its behalf', async () => {
    const tenant = await t.newTenant();
    const shipment = dutchDomestic();
    shipment.carrier = spanishCarrier();
    const { id, problem } = await refused(tenant, shipment, dutchProfileWithAddress(), undefined, ['carrier.vat_number', 'carrier.name']);
    expect(problem.errors.map((e: { code: string }) => e.code)).toEqual(['mismatch', 'mismatch']);
    expect(problem.detail).toContain('ESB12345674 is not the seller\'s NL856712345B01');
    expect(problem.detail).toContain('Transportes Ibéricos S.L. is not the seller Van den Berg Transport B.V.');
    expect(problem.detail).toContain('on_behalf_of_carrier');
    expect((await invoicesApi(t, tenant).issue(id, { on_behalf_of_carrier: true })).statusCode).toBe(201);
  });

  it('the same VAT number under another name, or the same name under another VAT number, is a mismatch too', async () => {
    const tenant = await t.newTenant();
    const renamed = dutchDomestic();
    renamed.carrier = { ...renamed.carrier!, name: 'Transportes Ibéricos S.L.', vat_number: 'NL 8567.12345.B01' };
    await refused(tenant, renamed, dutchProfile(), undefined, ['carrier.name']);
    const otherVat = dutchDomestic();
    otherVat.carrier!.vat_number = 'NL001234567B01';
    await refused(tenant, otherVat, null, undefined, ['carrier.vat_number']);
  });

  it('on behalf of another carrier without an address in the profile: invoicing_profile.address, the carrier\'s is not the seller\'s', async () => {
    const shipment = dutchDomestic();
    shipment.carrier = spanishCarrier();
    const { problem } = await refused(await t.newTenant(), shipment, dutchProfile(), { on_behalf_of_carrier: true }, ['invoicing_profile.address']);
    expect(problem.detail).toContain('the seller\'s postal address');
  });

  it('a Dutch seller\'s own address without a postal code in the profile: invoicing_profile.address.postal_code (NL-R-002)', async () => {
    const profile = dutchProfileWithAddress();
    delete (profile.address as Record<string, unknown>).postal_code;
    await refused(await t.newTenant(), dutchDomestic(), profile, undefined, ['invoicing_profile.address.postal_code']);
  });

  it('cash on delivery owed by the paying consignee in another currency than the carriage, or below zero: charges.cash_on_delivery', async () => {
    const tenant = await t.newTenant();
    const otherCurrency = dutchConsigneeWithCashOnDelivery();
    otherCurrency.charges!.cash_on_delivery!.currency = 'USD';
    const { problem } = await refused(tenant, otherCurrency, dutchProfile(), undefined, ['charges.cash_on_delivery']);
    expect(problem.detail).toContain('an invoice has one currency');
    const negative = dutchConsigneeWithCashOnDelivery();
    negative.charges!.cash_on_delivery!.amount = '-1.00';
    await refused(tenant, negative, null, undefined, ['charges.cash_on_delivery']);
  });

  it('several facts missing at once are all named, and nothing was numbered or stored', async () => {
    const tenant = await t.newTenant();
    const profile = dutchProfile();
    delete profile.vat_rate;
    delete profile.iban;
    const shipment = dutchDomestic();
    delete shipment.consignor!.reference;
    const { id } = await refused(tenant, shipment, profile, undefined, ['vat_rate', 'invoicing_profile.iban', 'buyer_reference']);
    expect((await documentsApi(t, tenant).list(id, '?kind=invoice')).json().data).toEqual([]);
    expect((await invoicesApi(t, tenant).putProfile(dutchProfile())).statusCode).toBe(200);
    const issued = await invoicesApi(t, tenant).issue(id, { order_reference: 'PO-1' });
    expect(issued.json().number).toBe('VDB-2026-0001');
  });
});
