/**
 * The UBL 2.1 Invoice and CreditNote of Peppol BIS Billing 3.0, built with xmlbuilder2 (DESIGN, XML). Elements
 * follow the UBL schema's sequence; an element whose value is absent is left out, never written
 * empty (PEPPOL-EN16931-R008). Every amount is in the invoice currency with two decimals
 * (PEPPOL-EN16931-R051), except the VAT total in the accounting currency (BT-111), which is a
 * second TaxTotal without subtotals (PEPPOL-EN16931-R054). One VAT subtotal per category and rate
 * of the lines (BR-CO-18), one invoice line per charge; the one document note (BT-22,
 * PEPPOL-EN16931-R002) says on whose behalf the seller invoices, when it does, and in a credit
 * note why the invoice is corrected. Document-level allowances and charges (BG-20, BG-21) carry a
 * reason and a VAT category without exemption reason (that is stated once, in the breakdown). A
 * credit note (type 381) refers to the invoice it corrects (BT-25, BT-26, `BillingReference`),
 * has no due date of its own, and each of its lines names the invoice line it corrects.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { formatCents } from '../../core/money.js';
import type { Address } from '../shipments/shipment-input.schema.js';
import type { InvoiceFacts, InvoiceParty } from './invoice-facts.js';
import { GREEK_MARK_DESCRIPTION } from './greek-rules.js';
import type { VatTreatment } from './invoice-lines.js';

export const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** A basic component with text; nothing at all when the value is absent or blank. */
function cbc(parent: XMLBuilder, name: string, value: string | undefined, attributes: Record<string, string> = {}): void {
  if (value === undefined || value.trim() === '') return;
  parent.ele(NS.cbc, `cbc:${name}`, attributes).txt(value);
}

function cac(parent: XMLBuilder, name: string): XMLBuilder {
  return parent.ele(NS.cac, `cac:${name}`);
}

/** The fact's identification in a VAT scheme element: `<cac:TaxScheme><cbc:ID>VAT</cbc:ID>`. */
function vatScheme(parent: XMLBuilder): void {
  cbc(cac(parent, 'TaxScheme'), 'ID', 'VAT');
}

function address(parent: XMLBuilder, name: string, a: Address): void {
  const el = cac(parent, name);
  cbc(el, 'StreetName', a.street);
  cbc(el, 'AdditionalStreetName', a.additional ?? a.department);
  cbc(el, 'CityName', a.city);
  cbc(el, 'PostalZone', a.postal_code);
  cbc(el, 'CountrySubentity', a.country_subdivision);
  cbc(cac(el, 'Country'), 'IdentificationCode', a.country);
}

function party(parent: XMLBuilder, name: string, p: InvoiceParty): void {
  const el = cac(cac(parent, name), 'Party');
  cbc(el, 'EndpointID', p.endpoint.id, { schemeID: p.endpoint.scheme });
  cbc(cac(el, 'PartyName'), 'Name', p.name);
  address(el, 'PostalAddress', p.address);
  if (p.vatNumber) {
    const tax = cac(el, 'PartyTaxScheme');
    cbc(tax, 'CompanyID', p.vatNumber);
    vatScheme(tax);
  }
  if (p.taxRegistration) {
    const tax = cac(el, 'PartyTaxScheme');
    cbc(tax, 'CompanyID', p.taxRegistration);
    cbc(cac(tax, 'TaxScheme'), 'ID', 'TAX');
  }
  const legal = cac(el, 'PartyLegalEntity');
  cbc(legal, 'RegistrationName', p.legalName);
  if (p.registration) cbc(legal, 'CompanyID', p.registration.id, p.registration.scheme ? { schemeID: p.registration.scheme } : {});
  if (p.contact) {
    const contact = cac(el, 'Contact');
    cbc(contact, 'Name', p.contact.name);
    cbc(contact, 'Telephone', p.contact.phone);
    cbc(contact, 'ElectronicMail', p.contact.email);
  }
}

function taxCategory(parent: XMLBuilder, name: string, vat: VatTreatment, withReason: boolean): void {
  const el = cac(parent, name);
  cbc(el, 'ID', vat.category);
  cbc(el, 'Percent', vat.percent);
  if (withReason) {
    cbc(el, 'TaxExemptionReasonCode', vat.exemptionReasonCode);
    cbc(el, 'TaxExemptionReason', vat.exemptionReason);
  }
  vatScheme(el);
}

export interface UblInvoiceHeader {
  number: string;
  issueDate: string;
  dueDate: string;
  shipmentId: string;
  shipmentReference?: string;
  /** The final version of the consignment note (`doc_` id): the despatch document (BT-16). */
  noteDocumentId: string;
  /** The MARK myDATA gave a Greek seller's document (GR-R-004-1). */
  mark?: string;
}

/** What makes a credit note of the document: the invoice it corrects, why, and the invoice line of each of its lines. */
export interface UblCreditNoteHeader extends Omit<UblInvoiceHeader, 'dueDate'> {
  invoiceNumber: string;
  invoiceIssueDate: string;
  reason: string;
  /** The invoice line each line corrects, in order. */
  invoiceLines: number[];
}

/** The invoice's XML, UTF-8, as bytes to store and serve unchanged. */
export function buildUblInvoice(facts: InvoiceFacts, header: UblInvoiceHeader): Buffer {
  return buildUbl(facts, { ...header, creditNote: undefined });
}

/** A credit note's XML: `facts` holds what it credits (its lines, allowances and charges, totals). */
export function buildUblCreditNote(facts: InvoiceFacts, header: UblCreditNoteHeader): Buffer {
  return buildUbl(facts, { ...header, dueDate: undefined, creditNote: header });
}

function buildUbl(facts: InvoiceFacts, header: Omit<UblInvoiceHeader, 'dueDate'> & { dueDate: string | undefined; creditNote: UblCreditNoteHeader | undefined }): Buffer {
  const credit = header.creditNote;
  const rootName = credit ? 'CreditNote' : 'Invoice';
  const currency = { currencyID: facts.currency };
  const amount = (parent: XMLBuilder, name: string, cents: bigint, currencyId = facts.currency) => cbc(parent, name, formatCents(cents), { currencyID: currencyId });
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(NS[rootName], rootName, { 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc });

  cbc(root, 'CustomizationID', CUSTOMIZATION_ID);
  cbc(root, 'ProfileID', PROFILE_ID);
  cbc(root, 'ID', header.number);
  cbc(root, 'IssueDate', header.issueDate);
  cbc(root, 'DueDate', header.dueDate);
  cbc(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', credit ? '381' : '380');
  const note = credit ? [`Correction of invoice ${credit.invoiceNumber} of ${credit.invoiceIssueDate}: ${credit.reason}`, facts.onBehalfOf?.note].filter(Boolean).join(' ') : facts.onBehalfOf?.note;
  cbc(root, 'Note', note);
  cbc(root, 'DocumentCurrencyCode', facts.currency);
  cbc(root, 'TaxCurrencyCode', facts.taxCurrency);
  cbc(root, 'BuyerReference', facts.buyerReference);
  if (facts.orderReference) cbc(cac(root, 'OrderReference'), 'ID', facts.orderReference);
  if (credit) {
    const invoiceRef = cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference');
    cbc(invoiceRef, 'ID', credit.invoiceNumber);
    cbc(invoiceRef, 'IssueDate', credit.invoiceIssueDate);
  }
  cbc(cac(root, 'DespatchDocumentReference'), 'ID', header.noteDocumentId);
  const shipmentRef = cac(root, 'AdditionalDocumentReference');
  cbc(shipmentRef, 'ID', header.shipmentId);
  cbc(shipmentRef, 'DocumentDescription', header.shipmentReference ? `eCMR shipment, reference ${header.shipmentReference}` : 'eCMR shipment');
  if (header.mark) {
    const markRef = cac(root, 'AdditionalDocumentReference');
    cbc(markRef, 'ID', header.mark);
    cbc(markRef, 'DocumentDescription', GREEK_MARK_DESCRIPTION);
  }

  party(root, 'AccountingSupplierParty', facts.seller);
  party(root, 'AccountingCustomerParty', facts.buyer);

  const delivery = cac(root, 'Delivery');
  cbc(delivery, 'ActualDeliveryDate', facts.delivery.date);
  address(cac(delivery, 'DeliveryLocation'), 'Address', facts.delivery.address);

  if (facts.payment) {
    const means = cac(root, 'PaymentMeans');
    cbc(means, 'PaymentMeansCode', '58', { name: 'SEPA credit transfer' });
    cbc(means, 'PaymentID', credit ? credit.invoiceNumber : header.number);
    const account = cac(means, 'PayeeFinancialAccount');
    cbc(account, 'ID', facts.payment.iban);
    cbc(account, 'Name', facts.seller.legalName);
    if (facts.payment.bic) cbc(cac(account, 'FinancialInstitutionBranch'), 'ID', facts.payment.bic);
  }
  cbc(cac(root, 'PaymentTerms'), 'Note', credit ? `Credited against invoice ${credit.invoiceNumber}; an amount already paid is refunded within ${facts.paymentTermsDays} days` : `Payment within ${facts.paymentTermsDays} days, by ${header.dueDate}`);

  for (const ac of facts.allowancesCharges) {
    const el = cac(root, 'AllowanceCharge');
    cbc(el, 'ChargeIndicator', ac.charge ? 'true' : 'false');
    cbc(el, 'AllowanceChargeReasonCode', ac.reasonCode);
    cbc(el, 'AllowanceChargeReason', ac.reason);
    amount(el, 'Amount', ac.amount);
    taxCategory(el, 'TaxCategory', ac.vat, false);
  }

  const taxTotal = cac(root, 'TaxTotal');
  amount(taxTotal, 'TaxAmount', facts.amounts.vat);
  for (const group of facts.breakdown) {
    const subtotal = cac(taxTotal, 'TaxSubtotal');
    amount(subtotal, 'TaxableAmount', group.taxable);
    amount(subtotal, 'TaxAmount', group.tax);
    taxCategory(subtotal, 'TaxCategory', group.vat, true);
  }
  if (facts.taxCurrency && facts.amounts.vatInTaxCurrency !== undefined) amount(cac(root, 'TaxTotal'), 'TaxAmount', facts.amounts.vatInTaxCurrency, facts.taxCurrency);

  const totals = cac(root, 'LegalMonetaryTotal');
  amount(totals, 'LineExtensionAmount', facts.amounts.lines);
  amount(totals, 'TaxExclusiveAmount', facts.amounts.taxExclusive);
  amount(totals, 'TaxInclusiveAmount', facts.amounts.total);
  if (facts.amounts.allowances > 0n) amount(totals, 'AllowanceTotalAmount', facts.amounts.allowances);
  if (facts.amounts.charges > 0n) amount(totals, 'ChargeTotalAmount', facts.amounts.charges);
  amount(totals, 'PayableAmount', facts.amounts.total);

  facts.lines.forEach((l, index) => {
    const line = cac(root, credit ? 'CreditNoteLine' : 'InvoiceLine');
    cbc(line, 'ID', String(index + 1));
    if (credit) cbc(line, 'Note', `Corrects line ${credit.invoiceLines[index]} of invoice ${credit.invoiceNumber}`);
    cbc(line, credit ? 'CreditedQuantity' : 'InvoicedQuantity', '1', { unitCode: 'C62' });
    amount(line, 'LineExtensionAmount', l.amount);
    const item = cac(line, 'Item');
    cbc(item, 'Description', l.description);
    cbc(item, 'Name', l.name);
    taxCategory(item, 'ClassifiedTaxCategory', l.vat, false);
    if (l.property) {
      const property = cac(item, 'AdditionalItemProperty');
      cbc(property, 'Name', l.property.name);
      cbc(property, 'Value', l.property.value);
    }
    cbc(cac(line, 'Price'), 'PriceAmount', formatCents(l.amount), currency);
  });

  return Buffer.from(doc.end({ prettyPrint: true }), 'utf8');
}
