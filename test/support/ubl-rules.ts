/**
 * The rules of EN 16931 and Peppol BIS Billing 3.0 that matter for our invoices, as the suite's
 * own checks on the XML, parsed with a real parser (@xmldom/xmldom) and read with XPath:
 * no empty elements (PEPPOL-EN16931-R008), amounts with two decimals in one currency
 * (PEPPOL-EN16931-R051) but for the VAT total in accounting currency (BR-53, PEPPOL-EN16931-R054),
 * exact totals (BR-CO-10, -13, -14, -15, -16, -17), one VAT subtotal per category whose taxable
 * amount is the sum of its lines (BR-S-08, BR-AE-08, BR-E-08, BR-O-08), the VAT identifiers each
 * category demands or forbids (BR-S-02, BR-AE-02, BR-E-02, BR-O-02), an `O` group alone
 * (BR-O-11), an IBAN for a credit transfer (BR-61), a buyer or order reference
 * (PEPPOL-EN16931-R003), at most one note (PEPPOL-EN16931-R002), document-level allowances and
 * charges with a reason and a VAT category counted in the totals (BR-CO-11 … BR-CO-13, BR-33,
 * BR-38), zero-rated `Z` groups without exemption reason (BR-Z-10), a credit note's reference to
 * the invoice it corrects (BR-55 / NL-R-001), the German rules of a domestic German invoice
 * (DE-R-001 … DE-R-015), and the national rules of Denmark (DK-R-*), Sweden (SE-R-*), Italy (IT-R-*)
 * and Greece (GR-R-*) under the conditions PEPPOL-EN16931-UBL.sch sets (see `nationalViolations`).
 * The same for an Invoice and a CreditNote. `ublViolations` answers the
 * rules broken, so a test reads as a list.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Document, type Node as XmlNode } from '@xmldom/xmldom';
import xpath from 'xpath';

const select = xpath.useNamespaces({
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
});

/** With UBL_OUT set to a folder, writes `xml` there, to be checked against the official validation artefacts (docs/invoices.md, Conformance). */
export function keepUbl(name: string, xml: string): void {
  const dir = process.env.UBL_OUT;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.xml`), xml);
}

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
  const isCreditNote = xml.includes('<CreditNote ');
  // Every path below names the Invoice; a credit note is read with its own root and line names.
  const doc = parseUbl(isCreditNote ? xml.replace(/CreditNote-2/g, 'Invoice-2').replace(/<(\/?)CreditNote\b/g, '<$1Invoice').replace(/<(\/?)cac:CreditNoteLine\b/g, '<$1cac:InvoiceLine') : xml);
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
  const optionalTotal = (name: string) => (text(doc, `/inv:Invoice/cac:LegalMonetaryTotal/cbc:${name}`) === undefined ? 0n : total(name));
  const documentLevel = (charge: boolean) => nodes(doc, `/inv:Invoice/cac:AllowanceCharge[cbc:ChargeIndicator="${charge}"]`);
  const sumOf = (list: XmlNode[]) => list.reduce((sum, n) => sum + cents(text(n, 'cbc:Amount')), 0n);
  rule('BR-CO-11 allowance total = sum of allowances', optionalTotal('AllowanceTotalAmount') === sumOf(documentLevel(false)));
  rule('BR-CO-12 charge total = sum of charges', optionalTotal('ChargeTotalAmount') === sumOf(documentLevel(true)));
  rule('BR-CO-13 tax exclusive = lines - allowances + charges', total('TaxExclusiveAmount') === lineSum - optionalTotal('AllowanceTotalAmount') + optionalTotal('ChargeTotalAmount'));
  for (const ac of [...documentLevel(false), ...documentLevel(true)]) {
    rule('BR-33/BR-38 allowance or charge reason', !!text(ac, 'cbc:AllowanceChargeReason') || !!text(ac, 'cbc:AllowanceChargeReasonCode'));
    rule('BR-32/BR-37 allowance or charge VAT category', !!text(ac, 'cac:TaxCategory/cbc:ID'));
    rule('no exemption reason on an allowance or charge', !text(ac, 'cac:TaxCategory/cbc:TaxExemptionReason') && !text(ac, 'cac:TaxCategory/cbc:TaxExemptionReasonCode'));
  }
  rule('BR-CO-15 tax inclusive = tax exclusive + VAT', total('TaxInclusiveAmount') === total('TaxExclusiveAmount') + vatTotal);
  rule('BR-CO-16 payable = tax inclusive', total('PayableAmount') === total('TaxInclusiveAmount'));
  const subtotals = nodes(doc, '/inv:Invoice/cac:TaxTotal/cac:TaxSubtotal');
  rule('BR-CO-14 VAT total = sum of subtotals', vatTotal === subtotals.reduce((sum, sub) => sum + cents(text(sub, 'cbc:TaxAmount')), 0n));
  for (const sub of subtotals) {
    const category = text(sub, 'cac:TaxCategory/cbc:ID');
    const percentOf = (n: XmlNode) => text(n, 'cbc:Percent');
    const ofGroup = nodes(doc, `/inv:Invoice/cac:InvoiceLine[cac:Item/cac:ClassifiedTaxCategory/cbc:ID="${category}"]`)
      .filter((line) => percentOf(nodes(line, 'cac:Item/cac:ClassifiedTaxCategory')[0]!) === percentOf(nodes(sub, 'cac:TaxCategory')[0]!));
    const acOfGroup = (charge: boolean) => documentLevel(charge).filter((ac) => text(ac, 'cac:TaxCategory/cbc:ID') === category && text(ac, 'cac:TaxCategory/cbc:Percent') === percentOf(nodes(sub, 'cac:TaxCategory')[0]!));
    const linesOfGroup = ofGroup.reduce((sum, line) => sum + cents(text(line, 'cbc:LineExtensionAmount')), 0n);
    rule(`BR-${category}-08 taxable = its lines - allowances + charges`, cents(text(sub, 'cbc:TaxableAmount')) === linesOfGroup - sumOf(acOfGroup(false)) + sumOf(acOfGroup(true)));
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
  if (categories.has('Z')) {
    rule('BR-Z-02 seller VAT id', !!sellerVat);
    rule('BR-Z-05 rate 0', nodes(doc, '//cac:ClassifiedTaxCategory[cbc:ID="Z"]/cbc:Percent').every((n) => Number(n.textContent) === 0));
    rule('BR-Z-10 no exemption reason', nodes(doc, '//cac:TaxCategory[cbc:ID="Z"]/cbc:TaxExemptionReason | //cac:TaxCategory[cbc:ID="Z"]/cbc:TaxExemptionReasonCode').length === 0);
  }
  if (categories.has('O')) {
    rule('BR-O-02 no VAT ids', nodes(doc, '//cac:PartyTaxScheme[cac:TaxScheme/cbc:ID="VAT"]').length === 0);
    rule('BR-O-11 no other VAT group beside O', subtotals.length === 1 && categories.size === 1);
    rule('BR-O-05 no rate', nodes(doc, '//cac:TaxCategory[cbc:ID="O"]/cbc:Percent | //cac:ClassifiedTaxCategory[cbc:ID="O"]/cbc:Percent').length === 0);
    rule('BR-O-10 exemption reason', !!text(doc, '//cac:TaxSubtotal/cac:TaxCategory[cbc:ID="O"]/cbc:TaxExemptionReason'));
  }
  for (const means of nodes(doc, '/inv:Invoice/cac:PaymentMeans[cbc:PaymentMeansCode="58" or cbc:PaymentMeansCode="30"]')) {
    rule('BR-61 IBAN for a credit transfer', isIban(text(means, 'cac:PayeeFinancialAccount/cbc:ID') ?? ''));
  }
  rule('PEPPOL-EN16931-R002 at most one note', nodes(doc, '/inv:Invoice/cbc:Note').length <= 1);
  rule('PEPPOL-EN16931-R003 buyer or order reference', !!text(doc, '/inv:Invoice/cbc:BuyerReference') || !!text(doc, '/inv:Invoice/cac:OrderReference/cbc:ID'));
  if (isCreditNote) {
    rule('NL-R-001 credit note refers to its invoice (BT-25)', !!text(doc, '/inv:Invoice/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID'));
    rule('PEPPOL-EN16931-P0101 credit note type', ['381', '396', '81', '83', '532'].includes(text(doc, '/inv:Invoice/cbc:CreditNoteTypeCode') ?? ''));
  }
  const country = (party: string) => text(doc, `//cac:${party}/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode`);
  if (country('AccountingSupplierParty') === 'DE' && country('AccountingCustomerParty') === 'DE') {
    const seller = '//cac:AccountingSupplierParty/cac:Party';
    rule('DE-R-001 payment instructions', nodes(doc, '/inv:Invoice/cac:PaymentMeans').length > 0);
    rule('DE-R-002 seller contact', nodes(doc, `${seller}/cac:Contact`).length > 0);
    rule('DE-R-003 seller city', !!text(doc, `${seller}/cac:PostalAddress/cbc:CityName`));
    rule('DE-R-004 seller post code', !!text(doc, `${seller}/cac:PostalAddress/cbc:PostalZone`));
    rule('DE-R-005 seller contact point', !!text(doc, `${seller}/cac:Contact/cbc:Name`));
    rule('DE-R-006 seller contact telephone', /([0-9].*){3,}/.test(text(doc, `${seller}/cac:Contact/cbc:Telephone`) ?? ''));
    rule('DE-R-007 seller contact e-mail', /^[^@\s.][^@\s]*[^@\s.]@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]$/.test(text(doc, `${seller}/cac:Contact/cbc:ElectronicMail`) ?? ''));
    rule('DE-R-008 buyer city', !!text(doc, '//cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:CityName'));
    rule('DE-R-009 buyer post code', !!text(doc, '//cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:PostalZone'));
    for (const place of nodes(doc, '/inv:Invoice/cac:Delivery/cac:DeliveryLocation/cac:Address')) {
      rule('DE-R-010 deliver-to city', !!text(place, 'cbc:CityName'));
      rule('DE-R-011 deliver-to post code', !!text(place, 'cbc:PostalZone'));
    }
    rule('DE-R-014 VAT category rate', subtotals.every((sub) => !!text(sub, 'cac:TaxCategory/cbc:Percent')));
    rule('DE-R-015 buyer reference', !!text(doc, '/inv:Invoice/cbc:BuyerReference'));
    rule('DE-R-016 seller VAT id', !!sellerVat);
    rule('DE-R-023-1 credit transfer account', nodes(doc, '/inv:Invoice/cac:PaymentMeans[cbc:PaymentMeansCode="58" or cbc:PaymentMeansCode="30"][not(cac:PayeeFinancialAccount)]').length === 0);
  }
  broken.push(...nationalViolations(doc, isCreditNote));
  rule('PEPPOL-EN16931-R010/R020 both endpoints', !!text(doc, '//cac:AccountingSupplierParty/cac:Party/cbc:EndpointID/@schemeID') && !!text(doc, '//cac:AccountingCustomerParty/cac:Party/cbc:EndpointID/@schemeID'));
  return broken;
}

const isSwedishOrganisationNumber = (v: string) => {
  if (!/^\d{10}$/.test(v)) return false;
  const sum = [...v.slice(0, 9)].reverse().reduce((acc, d, i) => acc + (i % 2 === 0 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(d)]! : Number(d)), 0);
  return (10 - (sum % 10)) % 10 === Number(v[9]);
};
/** u:TinVerification of the schematron: digits 1–8 weighted 256 … 2, mod 11 mod 10, is digit 9. */
const isGreekTin = (v: string) => /^\d{9}$/.test(v) && ([...v.slice(0, 8)].reduce((acc, d, i) => acc + Number(d) * 2 ** (8 - i), 0) % 11) % 10 === Number(v[8]);

/**
 * The national rules of Denmark, Sweden, Italy and Greece, each under its own condition in
 * PEPPOL-EN16931-UBL.sch: Denmark and Sweden by the seller's (and buyer's) postal country, Italy
 * and Greece by the seller's VAT prefix (else its postal country). Norway (NO-R-*) is not in the EU,
 * so not a seller country of ours; Iceland neither.
 */
function nationalViolations(doc: Document, isCreditNote: boolean): string[] {
  const broken: string[] = [];
  const rule = (id: string, holds: boolean) => {
    if (!holds) broken.push(id);
  };
  const seller = '/inv:Invoice/cac:AccountingSupplierParty/cac:Party';
  const buyer = '/inv:Invoice/cac:AccountingCustomerParty/cac:Party';
  const postal = (party: string) => text(doc, `${party}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`) ?? '';
  const vatOf = (party: string) => text(doc, `${party}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID="VAT"]/cbc:CompanyID`);
  const sellerVat = vatOf(seller);
  const countryOf = (party: string) => (vatOf(party) ? vatOf(party)!.slice(0, 2).toUpperCase() : postal(party).toUpperCase() || 'XX');
  const legalId = nodes(doc, `${seller}/cac:PartyLegalEntity/cbc:CompanyID`)[0] as unknown as Element | undefined;
  const otherTaxIds = nodes(doc, `${seller}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID!="VAT"]/cbc:CompanyID`).map((n) => n.textContent ?? '');

  if (postal(seller) === 'DK') {
    rule('DK-R-002 seller CVR number', (legalId?.textContent ?? '').trim() !== '');
    rule('DK-R-014 seller legal id in scheme 0184', !legalId || legalId.getAttribute('schemeID') === '0184');
    rule('DK-R-016 credit note not negative', !(isCreditNote && postal(buyer) === 'DK' && Number(text(doc, '/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount')) < 0));
    if (postal(buyer) === 'DK') {
      rule('DK-R-013 party identification with scheme', (nodes(doc, '//cac:PartyIdentification/cbc:ID') as unknown as Element[]).every((id) => !!id.getAttribute('schemeID')));
      for (const means of nodes(doc, '/inv:Invoice/cac:PaymentMeans')) {
        const code = text(means, 'cbc:PaymentMeansCode') ?? '';
        rule('DK-R-005 payment means code', ['1', '10', '31', '42', '48', '49', '50', '58', '59', '93', '97'].includes(code));
        if (code === '31' || code === '42') rule('DK-R-006 account and branch', !!text(means, 'cac:PayeeFinancialAccount/cbc:ID') && !!text(means, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID'));
      }
      for (const ac of nodes(doc, '//cac:AllowanceCharge[cbc:AllowanceChargeReasonCode="ZZZ"]')) {
        const reason = (text(ac, 'cbc:AllowanceChargeReason') ?? '').trim();
        rule('DK-R-004 non-VAT tax category', /^\d{4}$/.test(reason) || (reason.includes('#') && !reason.startsWith('#') && !reason.endsWith('#')));
      }
    }
  }

  if (postal(seller) === 'SE' && sellerVat?.startsWith('SE')) {
    rule('SE-R-001 VAT number of 14 characters', sellerVat.trim().length === 14);
    rule('SE-R-002 VAT number digits', /^\d{12}$/.test(sellerVat.slice(2, 14)));
    for (const category of nodes(doc, '//cac:TaxCategory[cbc:ID="S"] | //cac:ClassifiedTaxCategory[cbc:ID="S"]')) {
      rule('SE-R-006 rate 25, 12 or 6', [25, 12, 6].includes(Number(text(category, 'cbc:Percent'))));
    }
  }
  if (postal(seller) === 'SE' && legalId) {
    const id = (legalId.textContent ?? '').trim();
    rule('SE-R-003 organisation number numeric', /^\d+$/.test(id));
    rule('SE-R-004 organisation number of 10 digits', id.length === 10);
    rule('SE-R-013 organisation number Luhn', isSwedishOrganisationNumber(id));
    for (const other of otherTaxIds) rule('SE-R-005 Godkänd för F-skatt', other.trim().toUpperCase() === 'GODKÄND FÖR F-SKATT');
  }
  for (const id of nodes(doc, '//cbc:EndpointID[@schemeID="0007"] | //cbc:CompanyID[@schemeID="0007"]')) rule('PEPPOL-COMMON-R049 Swedish organisation number', isSwedishOrganisationNumber((id.textContent ?? '').trim()));

  if (countryOf(seller) === 'IT') {
    for (const other of otherTaxIds) rule('IT-R-001 seller tax registration of 11 to 16', /^[A-Z0-9]{11,16}$/.test(other.trim()));
    rule('IT-R-002 seller street', !!text(doc, `${seller}/cac:PostalAddress/cbc:StreetName`));
    rule('IT-R-003 seller city', !!text(doc, `${seller}/cac:PostalAddress/cbc:CityName`));
    rule('IT-R-004 seller post code', !!text(doc, `${seller}/cac:PostalAddress/cbc:PostalZone`));
  }

  const greekSeller = ['GR', 'EL'].includes(countryOf(seller));
  if (greekSeller) {
    const segments = (text(doc, '/inv:Invoice/cbc:ID') ?? '').split('|');
    const [year, month, day] = (text(doc, '/inv:Invoice/cbc:IssueDate') ?? '').split('-');
    rule('GR-R-001-1 six segments', segments.length === 6);
    rule('GR-R-001-2 seller TIN', isGreekTin(segments[0] ?? '') && segments[0] === sellerVat?.slice(2, 11));
    const date = /^(0?[1-9]|[12][0-9]|3[01])[-\\/ ]?(0?[1-9]|1[0-2])[-\\/ ]?(19|20)[0-9]{2}/.test(segments[1] ?? '') ? (segments[1] ?? '').split('/') : [];
    rule('GR-R-001-3 issue date', date[0] === day && date[1] === month && date[2] === year);
    rule('GR-R-001-4 non-negative integer', /^\d+$/.test(segments[2] ?? ''));
    rule('GR-R-001-5 Greek document type', ['1.1', '1.6', '2.1', '2.4', '5.1', '5.2'].includes(segments[3] ?? ''));
    rule('GR-R-001-6 fifth segment', (segments[4] ?? '').length > 0);
    rule('GR-R-001-7 sixth segment', (segments[5] ?? '').length > 0);
    rule('GR-R-002 seller name', !!text(doc, `${seller}/cac:PartyName/cbc:Name`));
    rule('GR-R-003 seller VAT EL and TIN', sellerVat === undefined || (sellerVat.startsWith('EL') && isGreekTin(sellerVat.slice(2))));
    if (postal(seller) === 'GR') {
      const marks = nodes(doc, '/inv:Invoice/cac:AdditionalDocumentReference[cbc:DocumentDescription="##M.AR.K##"]');
      rule('GR-R-004-1 one MARK', marks.length === 1);
      for (const mark of marks) rule('GR-R-004-2 MARK positive integer', /^[1-9]/.test(text(mark, 'cbc:ID') ?? ''));
    }
    rule('GR-R-005 buyer name', !!text(doc, `${buyer}/cac:PartyName/cbc:Name`));
    rule('GR-R-009 seller endpoint TIN in 9933', text(doc, `${seller}/cbc:EndpointID/@schemeID`) === '9933' && isGreekTin(text(doc, `${seller}/cbc:EndpointID`) ?? ''));
    if (['GR', 'EL'].includes(countryOf(buyer))) {
      const buyerVat = vatOf(buyer);
      rule('GR-R-006 buyer VAT EL and TIN', nodes(doc, `${buyer}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID="VAT"]/cbc:CompanyID`).length === 1 && !!buyerVat?.startsWith('EL') && isGreekTin(buyerVat.slice(2)));
      rule('GR-R-010 buyer endpoint TIN in 9933', text(doc, `${buyer}/cbc:EndpointID/@schemeID`) === '9933' && isGreekTin(text(doc, `${buyer}/cbc:EndpointID`) ?? ''));
    }
  }
  return broken;
}
