/** Schemas of the invoice area: the invoicing profile, the body of an issue, and the invoice summary. */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { AddressSchema, ChargeVatSchema, OTHER_CHARGE_KINDS, type ChargeVat } from '../shipments/shipment-input.schema.js';

const strict = { additionalProperties: false } as const;
const opt = Type.Optional;

const PERCENT_PATTERN = '^\\d{1,2}(\\.\\d{1,2})?$';
const CURRENCY_PATTERN = '^[A-Z]{3}$';

export const SellerContactSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'Contact point of the seller (BT-41): a person or a department, such as `Accounts receivable`.' }),
    phone: Type.String({ pattern: '^\\+?[0-9 ()./-]{6,30}$', description: 'Telephone (BT-42), such as `+49 203 4567 890`.' }),
    email: Type.String({ format: 'email', maxLength: 254, description: 'E-mail address (BT-43).' }),
  },
  { ...strict, $id: 'SellerContact', description: 'The seller\'s contact for questions on its invoices (BG-6): printed on every invoice and credit note; required when a German seller invoices a German buyer (Peppol DE-R-002, DE-R-005 to DE-R-007).' },
);

export const PeppolEndpointSchema = Type.Object(
  {
    scheme: Type.String({ pattern: '^\\d{4}$', description: 'Electronic address scheme (EAS code), such as `0106` (Dutch KvK), `0208` (Belgian enterprise number), `9925` (Belgian VAT), `9930` (German VAT).' }),
    id: Type.String({ minLength: 1, maxLength: 100, description: 'The identifier within that scheme.' }),
  },
  { ...strict, $id: 'PeppolEndpoint', description: 'A Peppol participant: where the invoice is delivered on the network.' },
);

const profileProperties = {
  legal_name: Type.String({ minLength: 1, maxLength: 200, description: 'Registered name of the seller (BT-27).' }),
  trading_name: opt(Type.String({ minLength: 1, maxLength: 200, description: 'Name the seller trades under (BT-28), when not its legal name; a shipment\'s carrier of that name is the seller\'s company too.' })),
  address: opt(Type.Ref(AddressSchema, {
    description: 'The seller\'s postal address (BG-5). Without it, invoices take the address of the shipment\'s carrier when that carrier is the seller\'s company; an invoice on behalf of another carrier needs it.',
  })),
  vat_number: Type.String({ minLength: 4, maxLength: 30, description: 'VAT number with its country prefix (BT-31); its country is the seller\'s for VAT.' }),
  registration_number: Type.String({
    minLength: 1,
    maxLength: 50,
    description:
      'Legal registration (BT-30): the KvK number (eight digits) of a Dutch seller, the enterprise number of a Belgian one, the CVR number (eight digits) of a Danish one, the organisation number (ten digits, Luhn) of a Swedish one; stated with scheme `0106`, `0208`, `0184` or `0007`.',
  }),
  tax_registration_id: opt(Type.String({
    minLength: 1,
    maxLength: 50,
    description: 'Seller tax registration (BT-32), beside the VAT number: a Swedish seller approved for F-tax states `Godkänd för F-skatt` (Peppol SE-R-005), an Italian seller its codice fiscale (11 to 16 letters and digits, IT-R-001).',
  })),
  peppol_endpoint: Type.Ref(PeppolEndpointSchema, { description: 'The seller\'s own Peppol address (BT-34).' }),
  contact: opt(Type.Ref(SellerContactSchema)),
  iban: opt(Type.String({ maxLength: 42, description: 'Payee account for SEPA credit transfer (BT-84). Required on invoices of Dutch sellers (NL-R-007).' })),
  bic: opt(Type.String({ maxLength: 11, description: 'BIC of the payee\'s bank (BT-86).' })),
  payment_terms_days: opt(Type.Integer({ minimum: 0, maximum: 365, description: 'Days from the issue date to the due date; 30 when omitted.' })),
  invoice_number_prefix: Type.String({
    pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]{0,19}$',
    description: 'Put before the gapless counter: prefix `VDB-2026-` numbers invoices `VDB-2026-0001`, `VDB-2026-0002`…',
  }),
  vat_rate: opt(Type.String({ pattern: PERCENT_PATTERN, description: 'Standard VAT rate in percent for domestic runs, such as `21`; a body\'s `vat_rate` overrides it.' })),
  accounting_currency: opt(Type.String({ pattern: CURRENCY_PATTERN, description: 'Currency the seller accounts VAT in; `EUR` when omitted.' })),
};

export const InvoicingProfileInputSchema = Type.Object(profileProperties, { ...strict, $id: 'InvoicingProfileInput', description: 'The seller data invoices need and shipments do not hold.' });

export const InvoicingProfileSchema = Type.Object(
  {
    ...profileProperties,
    payment_terms_days: Type.Integer(),
    accounting_currency: Type.String(),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'InvoicingProfile', description: 'The seller data of this organisation and mode, as stored (VAT number and IBAN normalised).' },
);

export const IssueInvoiceSchema = Type.Object(
  {
    buyer_reference: opt(Type.String({ minLength: 1, maxLength: 200, description: 'The buyer\'s reference (BT-10); by default the paying party\'s `reference`.' })),
    order_reference: opt(Type.String({ minLength: 1, maxLength: 200, description: 'The buyer\'s order number (BT-13).' })),
    buyer_endpoint: opt(Type.Ref(PeppolEndpointSchema, { description: 'The buyer\'s Peppol address (BT-49); by default derived from its VAT number with the VAT scheme of its country.' })),
    vat_rate: opt(Type.String({ pattern: PERCENT_PATTERN, description: 'VAT rate of a domestic run, in percent; overrides the profile\'s.' })),
    tax_currency_rate: opt(Type.String({
      pattern: '^\\d{1,6}(\\.\\d{1,6})?$',
      description: 'Units of the accounting currency per unit of the charge\'s currency, when they differ and VAT is due: the VAT total is stated in both (BT-110, BT-111).',
    })),
    carriage_vat: opt(Type.Ref(ChargeVatSchema, {
      description: 'The VAT of the carriage when it is not the standard rate of a domestic run: `Z` zero-rated, `E` exempt with its VATEX code (transport linked to an export, `VATEX-EU-146-1E`), or `S` at a reduced `rate`. Only on an invoice whose payer is in the seller\'s country.',
    })),
    allowances_charges: opt(Type.Array(AllowanceChargeInputSchema(), {
      maxItems: 10,
      description: 'Document-level allowances (BG-20) and charges (BG-21): what applies to the invoice as a whole and to no one line, such as a discount on the whole invoice or an administration fee.',
    })),
    mark: opt(Type.String({
      pattern: '^[1-9]\\d{0,19}$',
      description: 'The MARK (unique registration number) the Greek tax authority\'s myDATA gave this document: required of a Greek seller, stated as its additional document reference `##M.AR.K##` (Peppol GR-R-004-1).',
    })),
    on_behalf_of_carrier: opt(Type.Boolean({
      description:
        'The profile\'s company invoices in its own name on behalf of the shipment\'s carrier, another company (VAT Directive art. 28): it stays the seller, and the invoice names the carrier in its note (BT-22) and on the carriage line (BT-160/161). ' +
        'Without it, a carrier whose VAT number or name differs from the profile\'s is 422 `invoice_incomplete`. No effect when the carrier is the profile\'s company.',
    })),
  },
  { ...strict, $id: 'IssueInvoice', description: 'Facts a shipment and the invoicing profile do not hold. Every field is optional.' },
);

function AllowanceChargeInputSchema() {
  return Type.Object(
    {
      charge: Type.Boolean({ description: '`true`: a charge added to the invoice (BG-21); `false`: an allowance taken off (BG-20).' }),
      amount: Type.String({ pattern: '^\\d+(\\.\\d{1,2})?$', description: 'Above zero, in the invoice currency.' }),
      reason: Type.String({ minLength: 1, maxLength: 200, description: 'Why (BT-97, BT-104), such as `Discount` or `Administration fee`.' }),
      reason_code: opt(Type.String({ pattern: '^[A-Z0-9]{1,3}$', description: 'UNTDID 5189 code of an allowance (`95` discount…), UNTDID 7161 code of a charge (`ABK` miscellaneous, `FC` freight service…), as Peppol lists them.' })),
      vat: opt(Type.Ref(ChargeVatSchema, { description: 'Its VAT, when it is not the carriage\'s.' })),
    },
    strict,
  );
}

const Amount = (description: string) => Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description });
const nullableString = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});

const VatSchema = <const T extends readonly string[]>(categories: T, description: string) =>
  Type.Object({
    category: StringEnum(categories, { description }),
    rate: nullableString('Percent; `0` for `Z`, `E` and `AE`, none for `O`.'),
    exemption_reason: nullableString(),
    exemption_reason_code: nullableString(),
  });

export const INVOICE_LINE_KINDS = ['carriage', ...OTHER_CHARGE_KINDS, 'cash_on_delivery'] as const;

const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'O'] as const;

const invoiceParty = {
  name: Type.String(),
  vat_number: Type.Union([Type.String(), Type.Null()], { description: 'Stated on the invoice; never for VAT category `O` (BR-O-02).' }),
  endpoint: Type.Ref(PeppolEndpointSchema),
};

export const InvoiceSchema = Type.Object(
  {
    id: IdString('invoice'),
    shipment_id: IdString('shipment'),
    number: Type.String({ description: 'Invoice number (BT-1): the profile\'s prefix and a counter without gaps per organisation and mode.' }),
    issue_date: Type.String({ format: 'date' }),
    due_date: Type.String({ format: 'date' }),
    currency: Type.String({ description: 'Currency of the invoice: that of the carriage charge (BT-5).' }),
    tax_currency: Type.Union([Type.String(), Type.Null()], { description: 'The seller\'s accounting currency when it differs (BT-6).' }),
    vat: VatSchema(
      VAT_CATEGORIES,
      'VAT of the carriage: `S` standard rate (domestic run, or a reduced `carriage_vat` rate), `Z` zero-rated or `E` exempt (`carriage_vat`), `AE` reverse charge (business payer in another member state), `O` outside the scope of EU VAT (payer outside the EU).',
    ),
    lines: Type.Array(
      Type.Object({
        line: Type.Integer({ minimum: 1, description: 'The line\'s number (BT-126), as a credit note refers to it.' }),
        kind: StringEnum(INVOICE_LINE_KINDS, { description: '`carriage` (`charges.carriage`), a supplementary charge of `charges.other` by its kind, or `cash_on_delivery` (`charges.cash_on_delivery`, on the invoice of a paying consignee).' }),
        name: Type.String({ description: 'The item name (BT-153).' }),
        amount: Amount('Line net amount (BT-131).'),
        vat: VatSchema(VAT_CATEGORIES, 'The line\'s VAT category: the carriage\'s unless the charge names its own; cash on delivery `E` with code `VATEX-EU-79-C` (not the carrier\'s supply), or `O` with the rest of an invoice outside EU VAT.'),
      }),
      { description: 'The invoice lines, in their order in the XML: one per charge of the shipment that the buyer pays.' },
    ),
    allowances_charges: Type.Array(
      Type.Object({
        charge: Type.Boolean(),
        amount: Amount('BT-92 or BT-99.'),
        reason: Type.String(),
        reason_code: Type.Union([Type.String(), Type.Null()]),
        vat: VatSchema(VAT_CATEGORIES, 'Its VAT category (BT-95, BT-102).'),
      }),
      { description: 'The document-level allowances and charges of the request.' },
    ),
    amounts: Type.Object({
      line_extension: Amount('Sum of the lines (BT-106).'),
      allowances: Amount('Sum of the document-level allowances (BT-107).'),
      charges: Amount('Sum of the document-level charges (BT-108).'),
      tax_exclusive: Amount('Lines less allowances plus charges (BT-109).'),
      vat: Amount('VAT total in the invoice currency (BT-110).'),
      vat_in_tax_currency: Type.Union([Amount('VAT total in the accounting currency (BT-111).'), Type.Null()]),
      tax_inclusive: Amount('BT-112.'),
      payable: Amount('BT-115.'),
    }),
    seller: Type.Object(invoiceParty),
    buyer: Type.Object({ ...invoiceParty, role: Type.String({ description: 'The party `charges.payer` named: `consignor`, `consignee` or `principal`.' }) }),
    on_behalf_of: Type.Union([Type.Object({ name: Type.String(), vat_number: Type.Union([Type.String(), Type.Null()]) }), Type.Null()], {
      description: 'The carrier the seller invoiced for (`on_behalf_of_carrier`), as the invoice names it; null when the carrier is the seller\'s company.',
    }),
    buyer_reference: Type.Union([Type.String(), Type.Null()]),
    order_reference: Type.Union([Type.String(), Type.Null()]),
    document: Type.Object(
      { id: IdString('document'), sha256: Type.String(), size: Type.Integer() },
      { description: 'The UBL XML, kept as a document of kind `invoice`; `Accept: application/xml` on GET serves it.' },
    ),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Invoice', description: 'An issued e-invoice (Peppol BIS Billing 3.0): immutable.' },
);

export type PeppolEndpoint = Static<typeof PeppolEndpointSchema>;
export type InvoicingProfileInput = Static<typeof InvoicingProfileInputSchema>;
export type IssueInvoice = Static<typeof IssueInvoiceSchema>;
export type InvoiceSummary = Static<typeof InvoiceSchema>;

/** The profile as stored: defaults applied, identifiers normalised. */
export type InvoicingProfile = InvoicingProfileInput & { payment_terms_days: number; accounting_currency: string };

export const CreateCreditNoteSchema = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 300, description: 'Why the invoice is corrected, stated in the credit note\'s note (BT-22), such as `Waiting time charged twice`.' }),
    mark: opt(Type.String({
      pattern: '^[1-9]\\d{0,19}$',
      description: 'The MARK (unique registration number) the Greek tax authority\'s myDATA gave this document: required of a Greek seller, stated as its additional document reference `##M.AR.K##` (Peppol GR-R-004-1).',
    })),
    lines: opt(Type.Array(
      Type.Object(
        {
          line: Type.Integer({ minimum: 1, description: 'The invoice line corrected (its `line`).' }),
          amount: Type.String({ pattern: '^\\d+(\\.\\d{1,2})?$', description: 'The net amount credited, above zero and at most what of the line is not credited yet.' }),
        },
        strict,
      ),
      { minItems: 1, maxItems: 50, description: 'A partial correction: the lines and the net amounts credited, in the line\'s VAT. Without `lines` the credit note credits all of the invoice not credited yet, its document-level allowances and charges included.' },
    )),
  },
  { ...strict, $id: 'CreateCreditNote', description: 'A correction of an issued invoice: whole, or some lines in part.' },
);

export const CreditNoteSchema = Type.Object(
  {
    id: IdString('credit_note'),
    invoice_id: IdString('invoice'),
    shipment_id: IdString('shipment'),
    number: Type.String({ description: 'Credit note number (BT-1), from the same counter without gaps as the invoices.' }),
    issue_date: Type.String({ format: 'date' }),
    invoice_number: Type.String({ description: 'The invoice it corrects (BT-25, `BillingReference`).' }),
    invoice_issue_date: Type.String({ format: 'date', description: 'That invoice\'s issue date (BT-26).' }),
    reason: Type.String(),
    whole: Type.Boolean({ description: '`true` when it credits all of the invoice that was not credited before.' }),
    currency: Type.String(),
    lines: Type.Array(
      Type.Object({
        line: Type.Integer({ minimum: 1 }),
        invoice_line: Type.Integer({ minimum: 1, description: 'The invoice line it credits.' }),
        kind: StringEnum(INVOICE_LINE_KINDS),
        name: Type.String(),
        amount: Amount('Net amount credited (BT-131), positive.'),
        vat: VatSchema(VAT_CATEGORIES, 'The VAT of the invoice line.'),
      }),
    ),
    allowances_charges: Type.Array(
      Type.Object({
        charge: Type.Boolean(),
        amount: Amount('BT-92 or BT-99.'),
        reason: Type.String(),
        reason_code: Type.Union([Type.String(), Type.Null()]),
        vat: VatSchema(VAT_CATEGORIES, 'Its VAT category.'),
      }),
      { description: 'The invoice\'s document-level allowances and charges, reversed by a whole credit note only.' },
    ),
    amounts: Type.Object({
      line_extension: Amount('BT-106.'),
      allowances: Amount('BT-107.'),
      charges: Amount('BT-108.'),
      tax_exclusive: Amount('BT-109.'),
      vat: Amount('BT-110.'),
      vat_in_tax_currency: Type.Union([Amount('BT-111.'), Type.Null()]),
      tax_inclusive: Amount('BT-112.'),
      payable: Amount('BT-115: what the seller owes the buyer back.'),
    }),
    document: Type.Object(
      { id: IdString('document'), sha256: Type.String(), size: Type.Integer() },
      { description: 'The UBL CreditNote XML, kept as a document of kind `invoice`.' },
    ),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'CreditNote', description: 'A UBL 2.1 CreditNote (type 381, Peppol BIS Billing 3.0) correcting an issued invoice: immutable.' },
);

export const CreditNotePageSchema = Type.Object(
  {
    data: Type.Array(Type.Ref(CreditNoteSchema)),
    has_more: Type.Boolean(),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'CreditNotePage', description: 'The credit notes of an invoice, oldest first.' },
);

export type SellerContact = Static<typeof SellerContactSchema>;
export type CreateCreditNote = Static<typeof CreateCreditNoteSchema>;
export type CreditNoteSummary = Static<typeof CreditNoteSchema>;
export type { ChargeVat };
