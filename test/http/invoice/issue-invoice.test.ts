/**
 * The e-invoice of a delivered shipment in each VAT case the service decides: a domestic Dutch run
 * at the standard rate, a German business payer (reverse charge), a Swiss payer (outside the scope
 * of EU VAT), charges in CHF and USD (VAT total also in the seller's accounting currency), and a
 * Belgian seller; cash on delivery as its own line when the consignee pays; the seller always the
 * invoicing profile's company, also when it invoices on behalf of another carrier. Each XML is
 * checked against the rules of tests/support/ubl-rules.ts, and its facts are read back from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { INVOICE_CASES, issueCase, type InvoiceCase } from '../../support/invoices-api.js';
import { nodes, parseUbl, text, ublViolations } from '../../support/ubl-rules.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { documentsApi } from '../../support/documents-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

const CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

describe.each(backends())('issuing invoices on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('NL → NL: standard rate at the profile\'s 21 %, both parties with VAT and KvK, SEPA transfer to the IBAN, references and delivery', async () => {
    const tenant = await t.newTenant();
    const { shipmentId, invoice, xml } = await issueCase(t, tenant, INVOICE_CASES.nlDomestic!());
    expect(ublViolations(xml)).toEqual([]);
    expect(invoice).toMatchObject({
      shipment_id: shipmentId,
      number: 'VDB-2026-0001',
      issue_date: t.clock.now().toISOString().slice(0, 10),
      currency: 'EUR',
      tax_currency: null,
      vat: { category: 'S', rate: '21', exemption_reason: null },
      // 1234.56 × 21 % = 259.2576 → 259.26
      amounts: { line_extension: '1234.56', tax_exclusive: '1234.56', vat: '259.26', vat_in_tax_currency: null, tax_inclusive: '1493.82', payable: '1493.82' },
      seller: { name: 'Van den Berg Transport B.V.', vat_number: 'NL856712345B01', endpoint: { scheme: '0106', id: '12345678' } },
      buyer: { role: 'consignor', name: 'Sender B.V.', vat_number: 'NL812345678B01', endpoint: { scheme: '9944', id: 'NL812345678B01' } },
      buyer_reference: 'SND-2026-17',
      order_reference: null,
    });
    expect(invoice.id).toMatch(/^inv_/);

    const doc = parseUbl(xml);
    expect(text(doc, '/*/cbc:CustomizationID')).toBe(CUSTOMIZATION);
    expect(text(doc, '/*/cbc:ProfileID')).toBe(PROFILE);
    expect(text(doc, '/*/cbc:ID')).toBe('VDB-2026-0001');
    expect(text(doc, '/*/cbc:InvoiceTypeCode')).toBe('380');
    expect(text(doc, '/*/cbc:DueDate')).toBe(invoice.due_date);
    expect(Date.parse(invoice.due_date) - Date.parse(invoice.issue_date)).toBe(30 * 86_400_000);
    expect(text(doc, '//cac:AccountingSupplierParty//cac:PartyLegalEntity/cbc:CompanyID[@schemeID="0106"]')).toBe('12345678');
    expect(text(doc, '//cac:AccountingCustomerParty//cac:PartyLegalEntity/cbc:CompanyID[@schemeID="0106"]')).toBe('24123456');
    expect(text(doc, '//cac:AccountingCustomerParty//cac:PostalAddress/cbc:PostalZone')).toBe('1011 AA');
    expect(text(doc, '/*/cac:PaymentMeans/cbc:PaymentMeansCode')).toBe('58');
    expect(text(doc, '/*/cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID')).toBe('NL91ABNA0417164300');
    expect(text(doc, '/*/cac:PaymentMeans/cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID')).toBe('ABNANL2A');
    // The shipment and its final consignment note are the references.
    const notes = (await documentsApi(t, tenant).list(shipmentId, '?kind=consignment_note')).json().data;
    expect(text(doc, '/*/cac:DespatchDocumentReference/cbc:ID')).toBe(notes[0].id);
    expect(text(doc, '/*/cac:AdditionalDocumentReference/cbc:ID')).toBe(shipmentId);
    expect(text(doc, '/*/cac:AdditionalDocumentReference/cbc:DocumentDescription')).toContain('AMS-UTR-0042');
    const shipment = (await shipmentsApi(t, tenant).get(shipmentId)).json();
    expect(text(doc, '/*/cac:Delivery/cbc:ActualDeliveryDate')).toBe(shipment.delivered_at.slice(0, 10));
    expect(text(doc, '/*/cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:CityName')).toBe('Utrecht');
    expect(text(doc, '/*/cac:InvoiceLine/cac:Item/cbc:Name')).toBe('Road transport Amsterdam - Utrecht');
    expect(text(doc, '/*/cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent')).toBe('21');
  });

  it('NL carrier, German business payer: reverse charge AE at 0 % with both VAT numbers and the exemption reason; endpoint from the VAT number', async () => {
    const tenant = await t.newTenant();
    const { invoice, xml } = await issueCase(t, tenant, INVOICE_CASES.nlToGerman!());
    expect(ublViolations(xml)).toEqual([]);
    expect(invoice).toMatchObject({
      vat: { category: 'AE', rate: '0', exemption_reason: 'Reverse charge', exemption_reason_code: 'VATEX-EU-AE' },
      amounts: { line_extension: '1250.00', vat: '0.00', tax_inclusive: '1250.00', payable: '1250.00' },
      buyer: { role: 'consignee', name: 'Rheinstahl Komponenten GmbH', vat_number: 'DE287654321', endpoint: { scheme: '9930', id: 'DE287654321' } },
      buyer_reference: null,
      order_reference: 'RK-PO-4711',
    });
    const doc = parseUbl(xml);
    expect(text(doc, '//cac:AccountingSupplierParty//cac:PartyTaxScheme/cbc:CompanyID')).toBe('NL856712345B01');
    expect(text(doc, '//cac:AccountingCustomerParty//cac:PartyTaxScheme/cbc:CompanyID')).toBe('DE287654321');
    expect(text(doc, '/*/cac:OrderReference/cbc:ID')).toBe('RK-PO-4711');
    expect(text(doc, '/*/cbc:BuyerReference')).toBeUndefined();
    expect(text(doc, '//cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-AE');
  });

  it('NL carrier, Swiss payer: outside scope O, no VAT number of either party anywhere, the buyer\'s reference from the shipment', async () => {
    const tenant = await t.newTenant();
    const { invoice, xml } = await issueCase(t, tenant, INVOICE_CASES.nlToSwiss!());
    expect(ublViolations(xml)).toEqual([]);
    expect(invoice).toMatchObject({
      vat: { category: 'O', rate: null, exemption_reason: 'Not subject to VAT', exemption_reason_code: 'VATEX-EU-O' },
      amounts: { line_extension: '2180.40', vat: '0.00', payable: '2180.40' },
      seller: { vat_number: null },
      buyer: { vat_number: null, endpoint: { scheme: '9927', id: 'CHE116281710MWST' } },
      buyer_reference: 'RB-EK-2026-311',
    });
    expect(xml).not.toContain('NL856712345B01');
    expect(xml).not.toContain('<cac:PartyTaxScheme>');
    // Without a VAT number the seller is identified by its legal registration (BR-CO-26).
    expect(text(parseUbl(xml), '//cac:AccountingSupplierParty//cac:PartyLegalEntity/cbc:CompanyID')).toBe('12345678');
  });

  it('a charge in CHF: the invoice is in CHF, the VAT total also in the seller\'s EUR (zero, so no rate is needed)', async () => {
    const tenant = await t.newTenant();
    const { invoice, xml } = await issueCase(t, tenant, INVOICE_CASES.nlToSwissChf!());
    expect(ublViolations(xml)).toEqual([]);
    expect(invoice).toMatchObject({ currency: 'CHF', tax_currency: 'EUR', amounts: { vat: '0.00', vat_in_tax_currency: '0.00', payable: '2180.40' } });
    const doc = parseUbl(xml);
    expect(text(doc, '/*/cbc:DocumentCurrencyCode')).toBe('CHF');
    expect(text(doc, '/*/cbc:TaxCurrencyCode')).toBe('EUR');
    expect(nodes(doc, '//*[@currencyID="CHF"]').length).toBeGreaterThan(5);
    expect(nodes(doc, '//*[@currencyID="EUR"]').length).toBe(1);
  });

  it('a domestic run charged in USD: VAT in USD and, at the rate given, in EUR', async () => {
    const tenant = await t.newTenant();
    const { invoice, xml } = await issueCase(t, tenant, INVOICE_CASES.nlDomesticUsd!());
    expect(ublViolations(xml)).toEqual([]);
    // 1000.00 × 21 % = 210.00 USD; 210.00 × 0.923456 = 193.92576 → 193.93 EUR.
    expect(invoice).toMatchObject({ currency: 'USD', tax_currency: 'EUR', amounts: { vat: '210.00', vat_in_tax_currency: '193.93', payable: '1210.00' } });
    expect(text(parseUbl(xml), '/*/cac:TaxTotal[not(cac:TaxSubtotal)]/cbc:TaxAmount[@currencyID="EUR"]')).toBe('193.93');
  });

  it('a Belgian seller: enterprise number 0208 as endpoint and registration, the buyer at its Belgian VAT scheme 9925, the body\'s rate', async () => {
    const tenant = await t.newTenant();
    const { invoice, xml } = await issueCase(t, tenant, INVOICE_CASES.beDomestic!());
    expect(ublViolations(xml)).toEqual([]);
    expect(invoice).toMatchObject({
      number: 'SH0001',
      vat: { category: 'S', rate: '21' },
      // 480.10 × 21 % = 100.821 → 100.82
      amounts: { vat: '100.82', payable: '580.92' },
      seller: { vat_number: 'BE0477472701', endpoint: { scheme: '0208', id: '0477472701' } },
      buyer: { vat_number: 'BE0812345603', endpoint: { scheme: '9925', id: 'BE0812345603' } },
    });
    expect(Date.parse(invoice.due_date) - Date.parse(invoice.issue_date)).toBe(14 * 86_400_000);
    const doc = parseUbl(xml);
    expect(text(doc, '//cac:AccountingSupplierParty//cac:PartyLegalEntity/cbc:CompanyID[@schemeID="0208"]')).toBe('0477472701');
    expect(text(doc, '/*/cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID')).toBe('BE68539007547034');
  });

  it('the seller is the profile\'s company in every element: its trading name, legal name, VAT, KvK and address, whatever the carrier wrote on the note', async () => {
    const tenant = await t.newTenant();
    const c = INVOICE_CASES.nlDomestic!();
    c.profile = { ...c.profile, address: { street: 'Industrieweg 1', postal_code: '5928 PB', city: 'Venlo', country: 'NL' } };
    c.shipment.carrier!.name = 'VAN DEN BERG  transport bv';
    const { invoice, xml } = await issueCase(t, tenant, c);
    expect(ublViolations(xml)).toEqual([]);
    expect(invoice.on_behalf_of).toBeNull();
    const doc = parseUbl(xml);
    const seller = '//cac:AccountingSupplierParty/cac:Party';
    expect(text(doc, `${seller}/cac:PartyName/cbc:Name`)).toBe('Van den Berg Transport B.V.');
    expect(text(doc, `${seller}/cac:PartyLegalEntity/cbc:RegistrationName`)).toBe('Van den Berg Transport B.V.');
    expect(text(doc, `${seller}/cac:PostalAddress/cbc:StreetName`)).toBe('Industrieweg 1');
    expect(xml).not.toContain('VAN DEN BERG');
    expect(nodes(doc, '/*/cbc:Note')).toHaveLength(0);
  });

  it('on behalf of a Spanish carrier: the Dutch company sells with its own name and address, the carrier named in the note and on the carriage line', async () => {
    const tenant = await t.newTenant();
    const { invoice, xml } = await issueCase(t, tenant, INVOICE_CASES.nlOnBehalfOfSpanishCarrier!());
    expect(ublViolations(xml)).toEqual([]);
    expect(invoice).toMatchObject({
      vat: { category: 'S', rate: '21' },
      seller: { name: 'Van den Berg Transport B.V.', vat_number: 'NL856712345B01' },
      on_behalf_of: { name: 'Transportes Ibéricos S.L.', vat_number: 'ESB12345674' },
    });
    const doc = parseUbl(xml);
    const seller = '//cac:AccountingSupplierParty/cac:Party';
    expect(text(doc, `${seller}/cac:PartyName/cbc:Name`)).toBe('VDB Transport');
    expect(text(doc, `${seller}/cac:PartyLegalEntity/cbc:RegistrationName`)).toBe('Van den Berg Transport B.V.');
    expect(text(doc, `${seller}/cac:PostalAddress/cbc:CityName`)).toBe('Venlo');
    expect(text(doc, `${seller}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`)).toBe('NL');
    expect(text(doc, `${seller}/cac:PartyTaxScheme/cbc:CompanyID`)).toBe('NL856712345B01');
    const sellerText = nodes(doc, seller)[0]!.textContent ?? '';
    for (const carrierFact of ['Ibéricos', 'Zaragoza', 'ESB12345674', 'ES']) expect(sellerText).not.toContain(carrierFact);
    expect(text(doc, '/*/cbc:Note')).toBe(
      'Carriage performed by Transportes Ibéricos S.L., VAT ESB12345674, Zaragoza, ES; invoiced by Van den Berg Transport B.V. in its own name on behalf of the carrier (VAT Directive 2006/112/EC art. 28).',
    );
    expect(text(doc, '/*/cac:InvoiceLine/cac:Item/cac:AdditionalItemProperty[cbc:Name="Carrier"]/cbc:Value')).toBe('Transportes Ibéricos S.L.');
    expect(nodes(doc, '//cac:TaxRepresentativeParty')).toHaveLength(0);
  });

  /** The lines of an invoice as `[kind, amount, category, rate]`, from the summary. */
  const linesOf = (invoice: Record<string, any>) => invoice.lines.map((l: any) => [l.kind, l.amount, l.vat.category, l.vat.rate]);
  /** The XML's VAT subtotals as `[category, taxable, tax, reason code]`. */
  const subtotalsOf = (xml: string) =>
    nodes(parseUbl(xml), '/*/cac:TaxTotal/cac:TaxSubtotal').map((s) => [text(s, 'cac:TaxCategory/cbc:ID'), text(s, 'cbc:TaxableAmount'), text(s, 'cbc:TaxAmount'), text(s, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') ?? null]);

  it('a paying Dutch consignee with cash on delivery: the carriage at 21 %, the collected amount its own line without VAT (E, VATEX-EU-79-C)', async () => {
    const { invoice, xml } = await issueCase(t, await t.newTenant(), INVOICE_CASES.nlDomesticCod!());
    expect(ublViolations(xml)).toEqual([]);
    expect(linesOf(invoice)).toEqual([['carriage', '300.00', 'S', '21'], ['cash_on_delivery', '450.00', 'E', '0']]);
    // 300.00 × 21 % = 63.00; the 450.00 collected carries none.
    expect(invoice).toMatchObject({ vat: { category: 'S' }, amounts: { line_extension: '750.00', tax_exclusive: '750.00', vat: '63.00', tax_inclusive: '813.00', payable: '813.00' } });
    expect(subtotalsOf(xml)).toEqual([['S', '300.00', '63.00', null], ['E', '450.00', '0.00', 'VATEX-EU-79-C']]);
    const doc = parseUbl(xml);
    expect(nodes(doc, '/*/cac:InvoiceLine/cbc:ID').map((n) => n.textContent)).toEqual(['1', '2']);
    expect(text(doc, '/*/cac:InvoiceLine[2]/cac:Item/cbc:Name')).toBe('Cash on delivery');
  });

  it('cash on delivery beside a reverse charge: AE and E side by side; beside a payer outside the EU: one O group for both', async () => {
    const german = await issueCase(t, await t.newTenant(), INVOICE_CASES.nlToGermanCod!());
    expect(ublViolations(german.xml)).toEqual([]);
    expect(linesOf(german.invoice)).toEqual([['carriage', '1250.00', 'AE', '0'], ['cash_on_delivery', '8000.00', 'E', '0']]);
    expect(subtotalsOf(german.xml)).toEqual([['AE', '1250.00', '0.00', 'VATEX-EU-AE'], ['E', '8000.00', '0.00', 'VATEX-EU-79-C']]);
    expect(german.invoice.amounts).toMatchObject({ line_extension: '9250.00', vat: '0.00', payable: '9250.00' });

    const swiss = await issueCase(t, await t.newTenant(), INVOICE_CASES.nlToSwissCod!());
    expect(ublViolations(swiss.xml)).toEqual([]);
    expect(linesOf(swiss.invoice)).toEqual([['carriage', '2180.40', 'O', null], ['cash_on_delivery', '1500.00', 'O', null]]);
    expect(subtotalsOf(swiss.xml)).toEqual([['O', '3680.40', '0.00', 'VATEX-EU-O']]);
  });

  it('cash on delivery is not invoiced to a paying consignor or principal, nor when it is zero: it is owed by the consignee', async () => {
    for (const payer of ['consignor', 'consignee'] as const) {
      const c: InvoiceCase = INVOICE_CASES.nlDomesticCod!();
      c.shipment.charges!.payer = payer;
      if (payer === 'consignee') c.shipment.charges!.cash_on_delivery!.amount = '0.00';
      const { invoice, xml } = await issueCase(t, await t.newTenant(), c);
      expect(ublViolations(xml)).toEqual([]);
      expect(linesOf(invoice)).toEqual([['carriage', '300.00', 'S', '21']]);
      expect(invoice.amounts).toMatchObject({ line_extension: '300.00', payable: '363.00' });
      expect(nodes(parseUbl(xml), '/*/cac:InvoiceLine')).toHaveLength(1);
    }
  });

  it('rounds the VAT of each amount half away from zero to the cent', async () => {
    const tenant = await t.newTenant();
    const c = INVOICE_CASES.nlDomestic!();
    // 0.50 × 21 % = 0.105 exactly: rounded up to 0.11 (a float gives 0.10500000000000001 or below).
    c.shipment.charges!.carriage!.amount = '0.50';
    const { invoice, xml } = await issueCase(t, tenant, c);
    expect(invoice.amounts).toMatchObject({ vat: '0.11', payable: '0.61' });
    expect(ublViolations(xml)).toEqual([]);
  });

  it('the suite\'s rules catch a broken invoice: an empty element, a wrong total, a second currency, a VAT number under O, no reference, no IBAN', async () => {
    const tenant = await t.newTenant();
    const { xml } = await issueCase(t, tenant, INVOICE_CASES.nlToSwiss!());
    const broken = xml
      .replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '<cbc:BuyerReference/>')
      .replace(/<cbc:PayableAmount currencyID="EUR">[^<]*</, '<cbc:PayableAmount currencyID="USD">2180.41<')
      .replace('<cac:PartyLegalEntity>', '<cac:PartyTaxScheme><cbc:CompanyID>NL856712345B01</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyLegalEntity>')
      .replace('NL91ABNA0417164300', 'NL92ABNA0417164300');
    expect(ublViolations(broken)).toEqual([
      'PEPPOL-EN16931-R008 no empty elements',
      'PEPPOL-EN16931-R051 one currency',
      'BR-CO-16 payable = tax inclusive',
      'BR-O-02 no VAT ids',
      'BR-61 IBAN for a credit transfer',
      'PEPPOL-EN16931-R003 buyer or order reference',
    ]);
  });
});
