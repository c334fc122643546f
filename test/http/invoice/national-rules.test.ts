/**
 * The national rules of Peppol BIS Billing 3.0 for sellers in Denmark (DK-R-*), Sweden (SE-R-*),
 * Italy (IT-R-*) and Greece (GR-R-*): an invoice of each, to a buyer at home and to one in Germany,
 * passes every rule of the suite's harness (test/support/ubl-rules.ts), national ones included;
 * what the rules need and nobody gave is named before issue, by rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { deliveredShipment, invoicesApi } from '../../support/invoices-api.js';
import { NATIONAL_SELLERS } from '../../support/national-invoices.js';
import { keepUbl, nodes, parseUbl, text, ublViolations } from '../../support/ubl-rules.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('national Peppol rules of DK, SE, IT and GR sellers on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  async function issued(country: keyof typeof NATIONAL_SELLERS, which: 'domestic' | 'crossBorder') {
    const seller = NATIONAL_SELLERS[country]();
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    const profile = await api.putProfile(seller.profile);
    expect(profile.statusCode, profile.body).toBe(200);
    const shipment = await deliveredShipment(t, tenant, seller[which]());
    const res = await api.issue(shipment.id, which === 'domestic' ? seller.domesticBody : seller.crossBorderBody);
    expect(res.statusCode, res.body).toBe(201);
    const xml = (await api.get(shipment.id, 'application/xml')).body;
    keepUbl(`${country.toLowerCase()}-${which === 'domestic' ? 'domestic' : 'cross-border'}`, xml);
    return { api, tenant, shipmentId: shipment.id, invoice: res.json(), xml, doc: parseUbl(xml) };
  }

  async function refused(profile: Record<string, unknown>, shipment: ReturnType<ReturnType<typeof NATIONAL_SELLERS.DK>['domestic']>, body?: Record<string, unknown>) {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    expect((await api.putProfile(profile)).statusCode).toBe(200);
    const { id } = await deliveredShipment(t, tenant, shipment);
    const res = await api.issue(id, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('invoice_incomplete');
    return res.json();
  }

  async function profileRefused(profile: Record<string, unknown>) {
    const res = await invoicesApi(t, await t.newTenant()).putProfile(profile);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    return res.json();
  }

  const seller = '/*/cac:AccountingSupplierParty/cac:Party';

  for (const which of ['domestic', 'crossBorder'] as const) {
    it(`DK seller, ${which}: the CVR number in scheme 0184 (DK-R-002, DK-R-014); every rule holds`, async () => {
      const { doc, xml, invoice } = await issued('DK', which);
      expect(ublViolations(xml)).toEqual([]);
      const legal = nodes(doc, `${seller}/cac:PartyLegalEntity/cbc:CompanyID`)[0] as unknown as Element;
      expect([legal.textContent, legal.getAttribute('schemeID')]).toEqual(['13585628', '0184']);
      expect(invoice.vat.category).toBe(which === 'domestic' ? 'S' : 'AE');
    });

    it(`SE seller, ${which}: organisation number in scheme 0007 and "Godkänd för F-skatt" (SE-R-003 … SE-R-006, SE-R-013); every rule holds`, async () => {
      const { doc, xml } = await issued('SE', which);
      expect(ublViolations(xml)).toEqual([]);
      const legal = nodes(doc, `${seller}/cac:PartyLegalEntity/cbc:CompanyID`)[0] as unknown as Element;
      expect([legal.textContent, legal.getAttribute('schemeID')]).toEqual(['5560360793', '0007']);
      expect(text(doc, `${seller}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID="TAX"]/cbc:CompanyID`)).toBe('Godkänd för F-skatt');
      expect(text(doc, `${seller}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID="VAT"]/cbc:CompanyID`)).toBe('SE556036079301');
    });

    it(`IT seller, ${which}: codice fiscale as tax registration and a full address (IT-R-001 … IT-R-004); every rule holds`, async () => {
      const { doc, xml } = await issued('IT', which);
      expect(ublViolations(xml)).toEqual([]);
      expect(text(doc, `${seller}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID="TAX"]/cbc:CompanyID`)).toBe('01234567897');
      expect(text(doc, `${seller}/cac:PostalAddress/cbc:PostalZone`)).toBe('37135');
    });

    it(`GR seller, ${which}: the document number of six segments, the MARK, the TIN as endpoint (GR-R-001 … GR-R-010); every rule holds`, async () => {
      const { doc, xml, invoice, api: issuedApi, shipmentId: issuedShipment } = await issued('GR', which);
      expect(ublViolations(xml)).toEqual([]);
      const [y, m, d] = (invoice.issue_date as string).split('-');
      expect(invoice.number).toBe(`094014201|${d}/${m}/${y}|0|2.1|TF|0001`);
      expect(text(doc, '/*/cbc:ID')).toBe(invoice.number);
      expect(text(doc, '/*/cac:AdditionalDocumentReference[cbc:DocumentDescription="##M.AR.K##"]/cbc:ID')).toBe(which === 'domestic' ? '400001234567890' : '400001234567891');
      expect([text(doc, `${seller}/cbc:EndpointID/@schemeID`), text(doc, `${seller}/cbc:EndpointID`)]).toEqual(['9933', '094014201']);
      if (which === 'domestic') expect([text(doc, '/*/cac:AccountingCustomerParty/cac:Party/cbc:EndpointID/@schemeID'), text(doc, '/*/cac:AccountingCustomerParty/cac:Party/cbc:EndpointID')]).toEqual(['9933', '996645210']);
      // The number's `|` and `/` never reach a downloaded file's name.
      for (const [type, extension] of [['application/xml', 'xml'], ['application/pdf', 'pdf']]) {
        expect((await issuedApi.get(issuedShipment, type)).headers['content-disposition']).toBe(`inline; filename="invoice-094014201_${d}_${m}_${y}_0_2.1_TF_0001.${extension}"`);
      }
    });
  }

  it('GR seller: a credit note is numbered as a Greek correction (5.1) with its own MARK, and needs one', async () => {
    const { api, shipmentId } = await issued('GR', 'domestic');
    const without = await api.creditNote(shipmentId, { reason: 'Waiting time charged twice' });
    expect(without.statusCode).toBe(422);
    expect(without.json()).toMatchObject({ code: 'invoice_incomplete', errors: [{ path: '$.mark', code: 'missing' }] });
    expect(without.json().detail).toContain('GR-R-004-1');
    const res = await api.creditNote(shipmentId, { reason: 'Waiting time charged twice', mark: '400001234567999' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().number).toMatch(/^094014201\|\d\d\/\d\d\/\d{4}\|0\|5\.1\|TF\|0002$/);
    const xml = (await api.getCreditNote(shipmentId, res.json().id, 'application/xml')).body;
    keepUbl('gr-credit-note', xml);
    expect(ublViolations(xml)).toEqual([]);
  });

  it('DK seller: a credit note passes the Danish rules too (DK-R-016, DK-R-014)', async () => {
    const { api, shipmentId } = await issued('DK', 'domestic');
    const res = await api.creditNote(shipmentId, { reason: 'Waiting time charged twice', lines: [{ line: 2, amount: '60.00' }] });
    expect(res.statusCode, res.body).toBe(201);
    const xml = (await api.getCreditNote(shipmentId, res.json().id, 'application/xml')).body;
    keepUbl('dk-credit-note', xml);
    expect(ublViolations(xml)).toEqual([]);
  });

  it('DK → DK: a non-VAT tax (reason code ZZZ) without its Danish tax category is incomplete (DK-R-004); with it, it is issued', async () => {
    const dk = NATIONAL_SELLERS.DK();
    const ac = (reason: string) => ({ allowances_charges: [{ charge: true, amount: '12.00', reason, reason_code: 'ZZZ' }] });
    const body = await refused(dk.profile, dk.domestic(), ac('Energy tax'));
    expect(body.errors).toEqual([expect.objectContaining({ path: '$.allowances_charges[0].reason', code: 'mismatch' })]);
    expect(body.detail).toContain('DK-R-004');
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    await api.putProfile(dk.profile);
    const { id } = await deliveredShipment(t, tenant, dk.domestic());
    expect((await api.issue(id, ac('0012#Energiafgift'))).statusCode).toBe(201);
    const xml = (await api.get(id, 'application/xml')).body;
    keepUbl('dk-domestic-non-vat-tax', xml);
    expect(ublViolations(xml)).toEqual([]);
  });

  it('DK, SE: a registration number the rules refuse is refused with the profile (DK-R-014, SE-R-013)', async () => {
    const dk = await profileRefused({ ...NATIONAL_SELLERS.DK().profile, registration_number: 'CVR 0123' });
    expect(dk.errors).toEqual([expect.objectContaining({ path: '$.registration_number', code: 'invalid' })]);
    expect(dk.errors[0].message).toContain('DK-R-014');
    const se = await profileRefused({ ...NATIONAL_SELLERS.SE().profile, registration_number: '556036-0794' });
    expect(se.errors[0]).toMatchObject({ path: '$.registration_number' });
    expect(se.errors[0].message).toContain('SE-R-013');
  });

  it('SE: only 25, 12 or 6 % standard rate (SE-R-006) and only the F-tax text as tax registration (SE-R-005)', async () => {
    const se = NATIONAL_SELLERS.SE();
    const rate = await profileRefused({ ...se.profile, vat_rate: '20' });
    expect(rate.errors).toEqual([expect.objectContaining({ path: '$.vat_rate', code: 'invalid' })]);
    expect(rate.errors[0].message).toContain('SE-R-006');
    const fTax = await profileRefused({ ...se.profile, tax_registration_id: 'F-skatt' });
    expect(fTax.errors).toEqual([expect.objectContaining({ path: '$.tax_registration_id' })]);
    expect(fTax.errors[0].message).toContain('SE-R-005');
    const body = await refused(se.profile, se.domestic(), { ...se.domesticBody, vat_rate: '21' });
    expect(body.errors).toEqual([expect.objectContaining({ path: '$.vat_rate', code: 'mismatch' })]);
    expect(body.detail).toContain('SE-R-006');
  });

  it('IT: a seller without postal code is incomplete (IT-R-004); a tax registration not a codice fiscale is refused (IT-R-001)', async () => {
    const it = NATIONAL_SELLERS.IT();
    const noPostal = { ...it.profile, address: { street: 'Via dell\'Interporto 21', city: 'Verona', country: 'IT' } };
    const shipment = it.domestic();
    shipment.carrier!.address = noPostal.address;
    const body = await refused(noPostal, shipment);
    expect(body.errors).toEqual([expect.objectContaining({ path: '$.invoicing_profile.address.postal_code', code: 'missing' })]);
    expect(body.detail).toContain('IT-R-004');
    const fiscal = await profileRefused({ ...it.profile, tax_registration_id: 'RSS-123' });
    expect(fiscal.errors[0]).toMatchObject({ path: '$.tax_registration_id' });
    expect(fiscal.errors[0].message).toContain('IT-R-001');
  });

  it('GR: an invoice without MARK (GR-R-004-1), a Greek buyer without VAT number (GR-R-006), a buyer outside the EU are incomplete; a TIN with the EL prefix or a wrong check digit is refused', async () => {
    const gr = NATIONAL_SELLERS.GR();
    const noVat = gr.domestic();
    delete noVat.consignor!.vat_number;
    const body = await refused(gr.profile, noVat);
    expect(body.errors.map((e: { path: string }) => e.path)).toEqual(['$.buyer_endpoint', '$.mark', '$.consignor.vat_number']);
    expect(body.detail).toContain('GR-R-004-1');
    expect(body.detail).toContain('GR-R-006');
    const swiss = gr.crossBorder();
    swiss.consignor = { name: 'Basler Handels AG', address: { street: 'Hafenstrasse 13', postal_code: '4057', city: 'Basel', country: 'CH' }, vat_number: 'CHE116281710MWST', reference: 'BH-1' };
    const outside = await refused(gr.profile, swiss, gr.crossBorderBody);
    expect(outside.errors).toEqual([expect.objectContaining({ path: '$.consignor.address.country', code: 'mismatch' })]);
    expect(outside.detail).toContain('GR-R-001-2');
    const prefixed = await profileRefused({ ...gr.profile, peppol_endpoint: { scheme: '9933', id: 'EL094014201' } });
    expect(prefixed.errors[0]).toMatchObject({ path: '$.peppol_endpoint.id' });
    const tin = await profileRefused({ ...gr.profile, vat_number: 'EL094014202', peppol_endpoint: { scheme: '9933', id: '094014201' } });
    expect(tin.errors[0]).toMatchObject({ path: '$.vat_number' });
    expect(tin.errors[0].message).toContain('GR-R-003');
  });
});
