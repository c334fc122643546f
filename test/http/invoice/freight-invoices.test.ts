/**
 * Invoices of real freight bills and their corrections: several lines (carriage, waiting time,
 * tolls, surcharges) each in its own VAT category (S, Z, E beside S; E beside AE), document-level
 * charges and allowances, a domestic German invoice with the seller's contact (the DE-R rules of
 * Peppol BIS 3.0), and credit notes — whole and partial — that refer to the invoice they correct
 * (BT-25), the only way an issued invoice changes. Every XML passes the suite's rules
 * (test/support/ubl-rules.ts). With UBL_OUT set to a folder, each XML is also written there, to be
 * checked against the official validation artefacts (docs/invoices.md, Conformance).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { pdfText } from '../../support/pdf-text.js';
import { germanDomestic, germanProfile, INVOICE_CASES, invoicesApi, issueCase, deliveredShipment } from '../../support/invoices-api.js';
import { keepUbl as keep, nodes, parseUbl, text, ublViolations } from '../../support/ubl-rules.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('freight invoices and credit notes on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('NL → NL: carriage at 21 %, a zero-rated and an exempt charge, a document-level charge and allowance; VAT per group', async () => {
    const tenant = await t.newTenant();
    const { invoice, xml } = await issueCase(t, tenant, INVOICE_CASES.nlMixedVatWithDocumentCharges!());
    keep('nl-mixed-vat', xml);
    expect(ublViolations(xml)).toEqual([]);
    expect(invoice.lines).toEqual([
      expect.objectContaining({ line: 1, kind: 'carriage', amount: '800.00', vat: expect.objectContaining({ category: 'S', rate: '21' }) }),
      expect.objectContaining({ line: 2, kind: 'other', name: 'Other charges: Sea freight leg to Hull, zero-rated', amount: '200.00', vat: { category: 'Z', rate: '0', exemption_reason: null, exemption_reason_code: null } }),
      expect.objectContaining({ line: 3, kind: 'tolls', amount: '24.60', vat: expect.objectContaining({ category: 'E', rate: '0', exemption_reason_code: 'VATEX-EU-79-C' }) }),
      expect.objectContaining({ line: 4, kind: 'waiting_time', name: 'Waiting time', amount: '45.00', vat: expect.objectContaining({ category: 'S', rate: '21' }) }),
    ]);
    // S group: 800 + 45 + 15 (fee) − 40 (discount) = 820.00, VAT 172.20.
    expect(invoice.amounts).toEqual({
      line_extension: '1069.60', allowances: '40.00', charges: '15.00', tax_exclusive: '1044.60', vat: '172.20', vat_in_tax_currency: null, tax_inclusive: '1216.80', payable: '1216.80',
    });
    const doc = parseUbl(xml);
    const groups = nodes(doc, '/*/cac:TaxTotal/cac:TaxSubtotal').map((g) => [text(g, 'cac:TaxCategory/cbc:ID'), text(g, 'cbc:TaxableAmount'), text(g, 'cbc:TaxAmount')]);
    expect(groups).toEqual([['S', '820.00', '172.20'], ['Z', '200.00', '0.00'], ['E', '24.60', '0.00']]);
    expect(text(doc, '//cac:TaxSubtotal/cac:TaxCategory[cbc:ID="E"]/cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-79-C');
    expect(nodes(doc, '//cac:TaxSubtotal/cac:TaxCategory[cbc:ID="Z"]/cbc:TaxExemptionReason')).toHaveLength(0);
    const charge = nodes(doc, '/*/cac:AllowanceCharge[cbc:ChargeIndicator="true"]')[0]!;
    expect([text(charge, 'cbc:AllowanceChargeReasonCode'), text(charge, 'cbc:AllowanceChargeReason'), text(charge, 'cbc:Amount'), text(charge, 'cac:TaxCategory/cbc:ID')]).toEqual(['ABK', 'Administration fee', '15.00', 'S']);
    expect(text(doc, '/*/cac:LegalMonetaryTotal/cbc:ChargeTotalAmount')).toBe('15.00');
    expect(text(doc, '/*/cac:LegalMonetaryTotal/cbc:AllowanceTotalAmount')).toBe('40.00');
  });

  it('NL carrier, German business payer: waiting time reverse-charged with the carriage, tolls exempt beside it', async () => {
    const tenant = await t.newTenant();
    const { invoice, xml } = await issueCase(t, tenant, INVOICE_CASES.nlToGermanTollsExempt!());
    keep('nl-de-tolls', xml);
    expect(ublViolations(xml)).toEqual([]);
    expect(invoice.lines.map((l: any) => [l.kind, l.vat.category])).toEqual([['carriage', 'AE'], ['waiting_time', 'AE'], ['tolls', 'E']]);
    expect(invoice.amounts.vat).toBe('0.00');
  });

  it('DE → DE: the seller contact is printed and every DE-R rule holds; without the contact the invoice is incomplete', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    const withoutContact = { ...germanProfile() };
    delete withoutContact.contact;
    expect((await api.putProfile(withoutContact)).statusCode).toBe(200);
    const shipment = await deliveredShipment(t, tenant, germanDomestic());
    const refused = await api.issue(shipment.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'invoice_incomplete', errors: [{ path: '$.invoicing_profile.contact', code: 'missing' }] });
    expect(refused.json().detail).toContain('DE-R-002');

    const profile = await api.putProfile(germanProfile());
    expect(profile.json().contact).toEqual({ name: 'Buchhaltung', phone: '+49 203 4567 890', email: 'rechnung@rhein-ruhr-spedition.example' });
    const issued = await api.issue(shipment.id);
    expect(issued.statusCode).toBe(201);
    const xml = (await api.get(shipment.id, 'application/xml')).body;
    keep('de-domestic', xml);
    expect(ublViolations(xml)).toEqual([]);
    const doc = parseUbl(xml);
    const contact = '//cac:AccountingSupplierParty/cac:Party/cac:Contact';
    expect([text(doc, `${contact}/cbc:Name`), text(doc, `${contact}/cbc:Telephone`), text(doc, `${contact}/cbc:ElectronicMail`)]).toEqual(['Buchhaltung', '+49 203 4567 890', 'rechnung@rhein-ruhr-spedition.example']);
    expect(text(doc, '/*/cbc:BuyerReference')).toBe('04011000-12345-67');
    // 640 + 90 + 51.20 + 75 = 856.20 at 19 % = 162.68; tolls 38.45 exempt.
    expect(issued.json().amounts).toMatchObject({ line_extension: '894.65', vat: '162.68', payable: '1057.33' });
    expect(issued.json().lines.map((l: any) => l.name)).toEqual(['Road transport Duisburg - Köln', 'Waiting time: 2 h at Köln', 'Tolls: Lkw-Maut, paid in the customer\'s name', 'Fuel surcharge', 'ADR surcharge (dangerous goods)']);
    // The readable view a bookkeeper opens: the contact, every line and the total payable.
    const view = await api.get(shipment.id, 'application/pdf');
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    const viewText = pdfText(view.rawPayload);
    for (const shown of [`Invoice ${issued.json().number}`, 'Buchhaltung', 'rechnung@rhein-ruhr-spedition.example', 'Waiting time: 2 h at Köln', 'Fuel surcharge', '1057.33']) expect(viewText).toContain(shown);
  });

  it('a German buyer of a German seller without a buyer reference is incomplete (DE-R-015), whatever the order reference', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    await api.putProfile(germanProfile());
    const body = germanDomestic();
    delete body.consignor!.reference;
    const shipment = await deliveredShipment(t, tenant, body);
    const refused = await api.issue(shipment.id, { order_reference: 'PO-1' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([expect.objectContaining({ path: '$.buyer_reference', code: 'missing' })]);
  });

  it('credit notes: a partial one for one line, then the whole rest; each refers to the invoice (BT-25) and passes the rules', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    const { shipmentId, invoice } = await issueCase(t, tenant, INVOICE_CASES.nlMixedVatWithDocumentCharges!());

    const partial = await api.creditNote(shipmentId, { reason: 'Waiting time charged twice', lines: [{ line: 4, amount: '45.00' }] });
    expect(partial.statusCode).toBe(201);
    const first = partial.json();
    expect(first).toMatchObject({
      number: 'VDB-2026-0002',
      invoice_id: invoice.id,
      invoice_number: 'VDB-2026-0001',
      invoice_issue_date: invoice.issue_date,
      whole: false,
      lines: [{ line: 1, invoice_line: 4, kind: 'waiting_time', amount: '45.00', vat: { category: 'S', rate: '21' } }],
      allowances_charges: [],
      amounts: { line_extension: '45.00', tax_exclusive: '45.00', vat: '9.45', payable: '54.45' },
    });
    expect(first.id).toMatch(/^crn_/);
    const firstXml = (await api.getCreditNote(shipmentId, first.id, 'application/xml')).body;
    keep('nl-credit-partial', firstXml);
    expect(ublViolations(firstXml)).toEqual([]);
    const doc = parseUbl(firstXml);
    expect(doc.documentElement!.localName).toBe('CreditNote');
    expect(text(doc, '/*/cbc:CreditNoteTypeCode')).toBe('381');
    expect(text(doc, '/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('VDB-2026-0001');
    expect(text(doc, '/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate')).toBe(invoice.issue_date);
    expect(text(doc, '/*/cbc:Note')).toContain('Waiting time charged twice');

    const tooMuch = await api.creditNote(shipmentId, { reason: 'Again', lines: [{ line: 4, amount: '0.01' }, { line: 9, amount: '1.00' }] });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'validation_failed' });
    expect(tooMuch.json().errors.map((e: any) => e.path)).toEqual(['$.lines[0].amount', '$.lines[1].line']);

    const rest = await api.creditNote(shipmentId, { reason: 'Order cancelled by the customer' });
    expect(rest.statusCode).toBe(201);
    const second = rest.json();
    expect(second).toMatchObject({ number: 'VDB-2026-0003', whole: true });
    expect(second.lines.map((l: any) => [l.invoice_line, l.amount])).toEqual([[1, '800.00'], [2, '200.00'], [3, '24.60']]);
    expect(second.allowances_charges.map((ac: any) => [ac.charge, ac.amount])).toEqual([[true, '15.00'], [false, '40.00']]);
    // S: 800 + 15 − 40 = 775.00, VAT 162.75; with the partial note, the invoice's VAT 172.20 is credited whole.
    expect(second.amounts).toMatchObject({ line_extension: '1024.60', tax_exclusive: '999.60', vat: '162.75' });
    expect((Number(second.amounts.vat) + Number(first.amounts.vat)).toFixed(2)).toBe(invoice.amounts.vat);
    const secondXml = (await api.getCreditNote(shipmentId, second.id, 'application/xml')).body;
    keep('nl-credit-whole', secondXml);
    expect(ublViolations(secondXml)).toEqual([]);

    const nothingLeft = await api.creditNote(shipmentId, { reason: 'Once more' });
    expect(nothingLeft.statusCode).toBe(422);
    expect(nothingLeft.json().errors).toEqual([expect.objectContaining({ path: '$.lines' })]);
    expect((await api.creditNotes(shipmentId)).json().data.map((n: any) => n.number)).toEqual(['VDB-2026-0002', 'VDB-2026-0003']);
    // In pages, oldest first.
    const page1 = (await t.app.inject({ method: 'GET', url: `/v1/shipments/${shipmentId}/invoice/credit-notes?limit=1`, headers: t.auth(tenant.testKey) })).json();
    expect(page1).toMatchObject({ has_more: true, data: [{ number: 'VDB-2026-0002' }] });
    const page2 = (await t.app.inject({ method: 'GET', url: `/v1/shipments/${shipmentId}/invoice/credit-notes?limit=1&cursor=${encodeURIComponent(page1.next_cursor)}`, headers: t.auth(tenant.testKey) })).json();
    expect(page2).toMatchObject({ has_more: false, next_cursor: null, data: [{ number: 'VDB-2026-0003' }] });
  });

  it('a whole credit note of a German domestic invoice keeps the seller contact and passes the DE-R rules', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    const { shipmentId } = await issueCase(t, tenant, INVOICE_CASES.deDomestic!());
    const created = await api.creditNote(shipmentId, { reason: 'Storniert' });
    expect(created.statusCode).toBe(201);
    expect(created.json().amounts).toMatchObject({ line_extension: '894.65', vat: '162.68', payable: '1057.33' });
    const xml = (await api.getCreditNote(shipmentId, created.json().id, 'application/xml')).body;
    keep('de-credit-whole', xml);
    expect(ublViolations(xml)).toEqual([]);
    expect(text(parseUbl(xml), '//cac:AccountingSupplierParty/cac:Party/cac:Contact/cbc:Name')).toBe('Buchhaltung');
  });

  it('an issued invoice changes only by credit note: PATCH is 409 invoice_immutable, a second issue answers the first unchanged', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    const { shipmentId, invoice } = await issueCase(t, tenant, INVOICE_CASES.nlDomestic!());
    const patched = await api.patch(shipmentId, { vat_rate: '9' });
    expect(patched.statusCode).toBe(409);
    expect(patched.headers['content-type']).toContain('application/problem+json');
    expect(patched.json()).toMatchObject({ code: 'invoice_immutable' });
    expect(patched.json().detail).toContain(`/v1/shipments/${shipmentId}/invoice/credit-notes`);
    const again = await api.issue(shipmentId, { vat_rate: '9' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(invoice);
  });

  it('no credit note before the invoice is issued: 404 invoice_not_available, and an empty list', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    await api.putProfile(germanProfile());
    const shipment = await deliveredShipment(t, tenant, germanDomestic());
    const res = await api.creditNote(shipment.id, { reason: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'invoice_not_available' });
    expect((await api.patch(shipment.id)).json()).toMatchObject({ code: 'invoice_not_available' });
    // Their list is empty until then, as a shipment's signatures are before anyone signed.
    expect((await api.creditNotes(shipment.id)).json()).toEqual({ data: [], has_more: false, next_cursor: null });
  });
});
