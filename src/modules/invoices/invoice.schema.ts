/** Schemas of the invoice area: the invoicing profile, the body of an issue, and the invoice summary. */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { AddressSchema } from '../shipments/shipment-input.schema.js';

const strict = { additionalProperties: false } as const;
const opt = Type.Optional;

const PERCENT_PATTERN = '^\\d{1,2}(\\.\\d{1,2})?$';
const CURRENCY_PATTERN = '^[A-Z]{3}$';

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
    description: 'Legal registration (BT-30): the KvK number (eight digits) of a Dutch seller, the enterprise number of a Belgian one; stated with scheme `0106` or `0208`.',
  }),
  peppol_endpoint: Type.Ref(PeppolEndpointSchema, { description: 'The seller\'s own Peppol address (BT-34).' }),
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
    on_behalf_of_carrier: opt(Type.Boolean({
      description:
        'The profile\'s company invoices in its own name on behalf of the shipment\'s carrier, another company (VAT Directive art. 28): it stays the seller, and the invoice names the carrier in its note (BT-22) and on the carriage line (BT-160/161). ' +
        'Without it, a carrier whose VAT number or name differs from the profile\'s is 422 `invoice_incomplete`. No effect when the carrier is the profile\'s company.',
    })),
  },
  { ...strict, $id: 'IssueInvoice', description: 'Facts a shipment and the invoicing profile do not hold. Every field is optional.' },
);

const Amount = (description: string) => Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description });
const nullableString = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});

const VatSchema = <const T extends readonly string[]>(categories: T, description: string) =>
  Type.Object({
    category: StringEnum(categories, { description }),
    rate: nullableString('Percent; `0` for `AE` and `E`, none for `O`.'),
    exemption_reason: nullableString(),
    exemption_reason_code: nullableString(),
  });

export const INVOICE_LINE_KINDS = ['carriage', 'cash_on_delivery'] as const;

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
      ['S', 'AE', 'O'],
      'VAT of the carriage: `S` standard rate (domestic run), `AE` reverse charge (business payer in another member state), `O` outside the scope of EU VAT (payer outside the EU).',
    ),
    lines: Type.Array(
      Type.Object({
        kind: StringEnum(INVOICE_LINE_KINDS, { description: '`carriage` (`charges.carriage`), or `cash_on_delivery` (`charges.cash_on_delivery`, on the invoice of a paying consignee).' }),
        amount: Amount('Line net amount (BT-131).'),
        vat: VatSchema(['S', 'AE', 'O', 'E'], 'The line\'s VAT category: the carriage\'s; cash on delivery `E` with code `VATEX-EU-79-C` (not the carrier\'s supply), or `O` with the rest of an invoice outside EU VAT.'),
      }),
      { description: 'The invoice lines, in their order in the XML: one per charge of the shipment that the buyer pays.' },
    ),
    amounts: Type.Object({
      line_extension: Amount('Sum of the lines (BT-106): the carriage charge, plus cash on delivery when it is invoiced.'),
      tax_exclusive: Amount('BT-109.'),
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
