/**
 * The rules of EN 16931 and Peppol BIS Billing 3.0 that matter for our invoices, as the suite's
 * own checks on the XML, parsed with a real parser (@xmldom/xmldom) and read with XPath:
 * no empty elements (PEPPOL-EN16931-R008), amounts with two decimals in one currency
 * (PEPPOL-EN16931-R051) but for the VAT total in accounting currency (BR-53, PEPPOL-EN16931-R054),
 * exact totals (BR-CO-10, -13, -14, -15, -16, -17), one VAT subtotal per category whose taxable
 * amount is the sum of its lines (BR-S-08, BR-AE-08, BR-E-08, BR-O-08), the VAT identifiers each
 * category demands or forbids (BR-S-02, BR-AE-02, BR-E-02, BR-O-02), an `O` group alone
 * (BR-O-11), an IBAN for a credit transfer (BR-61), a buyer or order reference
 * (PEPPOL-EN16931-R003), at most one note (PEPPOL-EN16931-R002). `ublViolations` answers the rules broken, so a test reads as a list.
 */
import { DOMParser, type Document, type Node as XmlNode } from '@xmldom/xmldom';
import xpath from 'xpath';

const select = xpath.useNamespaces({
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
});

export function parseUbl(xml: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => { if (level !== 'warning') errors.push(message); } }).parseFromString(xml, 'application/xml');
  if (errors.length > 0) throw new Error(`not well-formed XML: ${errors.join('; ')}`);
  return doc;
}

export function nodes(doc: Document | XmlNode, path: string): XmlNode[] {
  return select(path, doc as unknown as Node) as unknown as XmlNode[];
}

/** The text of the first node at `path`, or undefined. */
export function text(doc: Document | XmlNode, path: string): string | undefined {
  const found = nodes(doc, path)[0];
  return found ? (found.textContent ?? '') : undefined;
}

const cents = (amount: string | undefined): bigint => {
  if (amount === undefined || !/^-?\d+\.\d{2}$/.test(amount)) throw new Error(`not an amount with two decimals: ${amount}`);
  return BigInt(amount.replace('.', ''));
};

function isIban(value: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const digits = (value.slice(4) + value.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

export function ublViolations(xml: string): string[] {
  const doc = parseUbl(xml);
  const broken: string[] = [];
  const rule = (id: string, holds: boolean) => {
    if (!holds) broken.push(id);
  };

  const empty = nodes(doc, '//*[not(*) and normalize-space(.) = ""]');
  rule('PEPPOL-EN16931-R008 no empty elements', empty.length === 0);

  const currency = text(doc, '/inv:Invoice/cbc:DocumentCurrencyCode');
  const taxCurrency = text(doc, '/inv:Invoice/cbc:TaxCurrencyCode');
  const amounts = nodes(doc, '//*[@currencyID]') as unknown as Element[];
  rule('two decimals on every amount', amounts.every((a) => /^-?\d+\.\d{2}$/.test(a.textContent ?? '')));
  const accountingTotals = nodes(doc, '/inv:Invoice/cac:TaxTotal[not(cac:TaxSubtotal)]/cbc:TaxAmount');
  rule('PEPPOL-EN16931-R051 one currency', amounts.every((a) => a.getAttribute('currencyID') === currency || (accountingTotals as unknown[]).includes(a)));
  rule('PEPPOL-EN16931-R053 one tax total with subtotals', nodes(doc, '/inv:Invoice/cac:TaxTotal[cac:TaxSubtotal]').length === 1);
  if (taxCurrency) {
    rule('BR-53 VAT total in accounting currency', accountingTotals.length === 1 && (accountingTotals[0] as unknown as Element).getAttribute('currencyID') === taxCurrency);
    rule('PEPPOL-EN16931-R005 tax currency differs', taxCurrency !== currency);
  } else rule('no accounting total without tax currency', accountingTotals.length === 0);

  const lines = nodes(doc, '/inv:Invoice/cac:InvoiceLine/cbc:LineExtensionAmount').map((n) => cents(n.textContent ?? undefined));
  const lineSum = lines.reduce((a, b) => a + b, 0n);
  const total = (name: string) => cents(text(doc, `/inv:Invoice/cac:LegalMonetaryTotal/cbc:${name}`));
  const vatTotal = cents(text(doc, '/inv:Invoice/cac:TaxTotal[cac:TaxSubtotal]/cbc:TaxAmount'));
  rule('BR-CO-10 line extension = sum of lines', total('LineExtensionAmount') === lineSum);
  rule('BR-CO-13 tax exclusive = line extension', total('TaxExclusiveAmount') === lineSum);
  rule('BR-CO-15 tax inclusive = tax exclusive + VAT', total('TaxInclusiveAmount') === total('TaxExclusiveAmount') + vatTotal);
  rule('BR-CO-16 payable = tax inclusive', total('PayableAmount') === total('TaxInclusiveAmount'));
  const subtotals = nodes(doc, '/inv:Invoice/cac:TaxTotal/cac:TaxSubtotal');
  rule('BR-CO-14 VAT total = sum of subtotals', vatTotal === subtotals.reduce((sum, sub) => sum + cents(text(sub, 'cbc:TaxAmount')), 0n));
  for (const sub of subtotals) {
    const category = text(sub, 'cac:TaxCategory/cbc:ID');
    const percentOf = (n: XmlNode) => text(n, 'cbc:Percent');
    const ofGroup = nodes(doc, `/inv:Invoice/cac:InvoiceLine[cac:Item/cac:ClassifiedTaxCategory/cbc:ID="${category}"]`)
      .filter((line) => percentOf(nodes(line, 'cac:Item/cac:ClassifiedTaxCategory')[0]!) === percentOf(nodes(sub, 'cac:TaxCategory')[0]!));
    rule(`BR-${category}-08 taxable = sum of its lines`, cents(text(sub, 'cbc:TaxableAmount')) === ofGroup.reduce((sum, line) => sum + cents(text(line, 'cbc:LineExtensionAmount')), 0n));
    const taxable = cents(text(sub, 'cbc:TaxableAmount'));
    const percent = text(sub, 'cac:TaxCategory/cbc:Percent');
    // BR-CO-17 with integer arithmetic: |tax × 10000 − taxable × rate(hundredths)| ≤ half a cent × 10000.
    const rate = percent === undefined ? 0n : BigInt(Math.round(Number(percent) * 100));
    const diff = cents(text(sub, 'cbc:TaxAmount')) * 10_000n - taxable * rate;
    rule('BR-CO-17 VAT = taxable × rate, rounded', (diff < 0n ? -diff : diff) <= 5_000n);
  }

  const categories = new Set(nodes(doc, '//cac:TaxCategory/cbc:ID | //cac:ClassifiedTaxCategory/cbc:ID').map((n) => n.textContent));
  const sellerVat = text(doc, '//cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID="VAT"]/cbc:CompanyID');
  const buyerVat = text(doc, '//cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID="VAT"]/cbc:CompanyID');
  if (categories.has('S')) rule('BR-S-02 seller VAT id', !!sellerVat);
  if (categories.has('AE')) {
    rule('BR-AE-02 seller and buyer VAT ids', !!sellerVat && !!buyerVat);
    rule('BR-AE-06 rate 0', nodes(doc, '//cac:ClassifiedTaxCategory[cbc:ID="AE"]/cbc:Percent').every((n) => Number(n.textContent) === 0));
    rule('BR-AE-10 exemption reason', !!text(doc, '//cac:TaxSubtotal/cac:TaxCategory[cbc:ID="AE"]/cbc:TaxExemptionReason'));
  }
  if (categories.has('E')) {
    rule('BR-E-02 seller VAT id', !!sellerVat);
    rule('BR-E-05 rate 0', nodes(doc, '//cac:ClassifiedTaxCategory[cbc:ID="E"]/cbc:Percent').every((n) => Number(n.textContent) === 0));
    rule('BR-E-10 exemption reason', !!text(doc, '//cac:TaxSubtotal/cac:TaxCategory[cbc:ID="E"]/cbc:TaxExemptionReason'));
  }
  if (categories.has('O')) {
    rule('BR-O-02 no VAT ids', nodes(doc, '//cac:PartyTaxScheme').length === 0);
    rule('BR-O-11 no other VAT group beside O', subtotals.length === 1 && categories.size === 1);
    rule('BR-O-05 no rate', nodes(doc, '//cac:TaxCategory[cbc:ID="O"]/cbc:Percent | //cac:ClassifiedTaxCategory[cbc:ID="O"]/cbc:Percent').length === 0);
    rule('BR-O-10 exemption reason', !!text(doc, '//cac:TaxSubtotal/cac:TaxCategory[cbc:ID="O"]/cbc:TaxExemptionReason'));
  }
  for (const means of nodes(doc, '/inv:Invoice/cac:PaymentMeans[cbc:PaymentMeansCode="58" or cbc:PaymentMeansCode="30"]')) {
    rule('BR-61 IBAN for a credit transfer', isIban(text(means, 'cac:PayeeFinancialAccount/cbc:ID') ?? ''));
  }
  rule('PEPPOL-EN16931-R002 at most one note', nodes(doc, '/inv:Invoice/cbc:Note').length <= 1);
  rule('PEPPOL-EN16931-R003 buyer or order reference', !!text(doc, '/inv:Invoice/cbc:BuyerReference') || !!text(doc, '/inv:Invoice/cac:OrderReference/cbc:ID'));
  rule('PEPPOL-EN16931-R010/R020 both endpoints', !!text(doc, '//cac:AccountingSupplierParty/cac:Party/cbc:EndpointID/@schemeID') && !!text(doc, '//cac:AccountingCustomerParty/cac:Party/cbc:EndpointID/@schemeID'));
  return broken;
}
