/**
 * The shipment input (service description, Resources and their fields): Party, Address, Contact,
 * Stop, Goods line with ADR, Vehicle, Combined transport, Driver, Charges and `waste`, with every
 * length, pattern, enumeration, range and array limit written there. Each part is a named schema
 * (an OpenAPI component); unknown fields are refused everywhere.
 *
 * No top-level field is required by the schema: the spec leaves that to the business rules, which
 * report a missing consignor or goods line as a finding citing CMR article 6 (./rules/).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DateTimeString, StringEnum } from '../../core/schema-types.js';

const strict = { additionalProperties: false } as const;
const text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description ? { description } : {}) });
const requiredText = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const opt = <T extends TSchema>(schema: T) => Type.Optional(schema);

export const COUNTRY_PATTERN = '^[A-Z]{2}$';
export const LANGUAGE_PATTERN = '^[a-z]{2}$';
/** E.164: a plus, a non-zero country digit, at most 15 digits in all. */
export const E164_PATTERN = '^\\+[1-9][0-9]{1,14}$';
export const AMOUNT_PATTERN = '^-?\\d+(\\.\\d{1,2})?$';
export const CURRENCY_PATTERN = '^[A-Z]{3}$';
/**
 * Waste notification number (Regulation (EU) 2024/1157, Annex IA box 3; before it 1013/2006): the
 * two-letter code of the country of dispatch, then the number its authority gave, as printed on the
 * notification document, such as `NL 123456` or `DE1234-567890`. The spec leaves the pattern open.
 */
export const WASTE_NOTIFICATION_PATTERN = '^[A-Z]{2} ?[0-9A-Z][0-9A-Z/-]{3,23}$';
/** European List of Waste code: six digits, with an asterisk for hazardous waste (`16 01 04*` is written `160104*`). */
export const EWC_CODE_PATTERN = '^\\d{6}\\*?$';

export const PACKAGE_TYPES = ['pallet', 'box', 'carton', 'crate', 'bag', 'drum', 'roll', 'bundle', 'container', 'loose', 'other'] as const;
export const PACKING_GROUPS = ['I', 'II', 'III'] as const;
export const EQUIPMENT_CATEGORIES = [
  'AE', 'AM', 'BPO', 'BPP', 'BPQ', 'BPR', 'BPX', 'BR', 'BX', 'CN', 'DPL', 'RF', 'RR', 'SM', 'SW', 'TE', 'TN',
  'T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T9', 'T10', 'T11', 'T12', 'T13', 'T14', 'DV', 'GT', 'CT', 'NT',
] as const;
export const CHARGE_PAYERS = ['consignor', 'consignee', 'principal'] as const;
export const OTHER_CHARGE_KINDS = ['waiting_time', 'tolls', 'fuel_surcharge', 'adr_surcharge', 'other'] as const;
/** Exemptions from VAT a supplementary charge may name (CEF VATEX codes); src/modules/invoices/invoice-lines.ts states their reasons. */
export const CHARGE_EXEMPTION_CODES = ['VATEX-EU-79-C', 'VATEX-EU-144', 'VATEX-EU-146-1E', 'VATEX-EU-159'] as const;
export const TRANSPORT_TYPES = ['national', 'international', 'cabotage', 'combined'] as const;
export type TransportType = (typeof TRANSPORT_TYPES)[number];

const EquipmentCategory = (description: string) => StringEnum(EQUIPMENT_CATEGORIES, { description });

export const CoordinatesSchema = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { ...strict, $id: 'Coordinates', description: 'WGS 84 position.' },
);

export const AddressSchema = Type.Object(
  {
    street: requiredText(200),
    additional: opt(text(200)),
    department: opt(text(120)),
    po_box: opt(text(20)),
    postal_code: opt(text(20)),
    city: requiredText(120),
    country_subdivision: opt(text(120, 'Region or province by name, not by code.')),
    country: Type.String({ pattern: COUNTRY_PATTERN, description: 'ISO 3166-1 alpha-2, upper case.' }),
    coordinates: opt(Type.Ref(CoordinatesSchema)),
    time_zone: opt(
      Type.String({
        format: 'time-zone',
        maxLength: 64,
        description:
          "IANA time zone of the place, such as `Atlantic/Canary`: pages and PDFs print this place's times in it. Omitted: the country's zone (docs/time-zones.md; the mainland's where a country has several). An unknown name is 422 `validation_failed` with an `unknown_time_zone` finding.",
      }),
    ),
  },
  { ...strict, $id: 'Address' },
);

export const ContactSchema = Type.Object(
  {
    name: opt(text(200)),
    email: opt(Type.String({ format: 'email', maxLength: 254 })),
    phone: opt(Type.String({ pattern: E164_PATTERN, description: 'E.164, such as `+31201234567`.' })),
    language: opt(Type.String({ pattern: LANGUAGE_PATTERN, description: 'Preferred notification language (ISO 639-1).' })),
  },
  { ...strict, $id: 'Contact' },
);

export const PartySchema = Type.Object(
  {
    name: requiredText(200),
    address: Type.Ref(AddressSchema),
    contact: opt(Type.Ref(ContactSchema)),
    vat_number: opt(text(30)),
    eori: opt(text(20, 'EORI number for customs.')),
    registration_number: opt(text(50, 'Company registration number.')),
    reference: opt(text(100, "This party's own reference.")),
  },
  { ...strict, $id: 'Party' },
);

export const TimeWindowSchema = Type.Object(
  {
    from: DateTimeString(),
    to: opt(DateTimeString({ description: 'Omitted: the window is the point in time `from`.' })),
  },
  { ...strict, $id: 'TimeWindow' },
);

export const StopSchema = Type.Object(
  {
    address: Type.Ref(AddressSchema),
    window: opt(Type.Ref(TimeWindowSchema)),
    contact: opt(Type.Ref(ContactSchema, { description: 'Person on site.' })),
    instructions: opt(text(2000, 'Instructions for the driver.')),
  },
  { ...strict, $id: 'Stop' },
);

export const AdrSchema = Type.Object(
  {
    un_number: opt(Type.String({ pattern: '^\\d{4}$', description: 'UN number without the letters UN, such as `1203`.' })),
    class: opt(text(10, 'ADR class or division, such as `3` or `2.1`.')),
    packing_group: opt(StringEnum(PACKING_GROUPS)),
    proper_shipping_name: opt(text(200)),
    tunnel_code: opt(text(10, 'Tunnel restriction code, such as `(D/E)`.')),
    limited_quantity: opt(Type.Boolean({ description: 'Carried as limited quantity (ADR 3.4): no transport-document particulars needed.' })),
    environmentally_hazardous: opt(Type.Boolean()),
  },
  { ...strict, $id: 'Adr', description: 'Dangerous goods declaration (ADR 5.4.1).' },
);

export const GoodsLineSchema = Type.Object(
  {
    description: requiredText(500, 'Nature of the goods (box 9).'),
    marks: opt(text(200, 'Marks and numbers (box 6).')),
    quantity: Type.Integer({ minimum: 1, description: 'Number of packages (box 7).' }),
    package_type: StringEnum(PACKAGE_TYPES, { description: 'Method of packing (box 8).' }),
    gross_weight_kg: opt(Type.Number({ minimum: 0, description: 'Box 11.' })),
    volume_m3: opt(Type.Number({ minimum: 0, description: 'Box 12.' })),
    hs_code: opt(Type.String({ pattern: '^\\d{4,10}$', description: 'Statistical number (box 10).' })),
    adr: opt(Type.Ref(AdrSchema)),
  },
  { ...strict, $id: 'GoodsLine' },
);

export const VehicleSchema = Type.Object(
  {
    plate: requiredText(20),
    trailer_plate: opt(text(20)),
    country: opt(Type.String({ pattern: COUNTRY_PATTERN, description: 'Country of registration.' })),
    equipment_category: opt(EquipmentCategory('Category of the load unit in `trailer_plate`.')),
    trailer_country: opt(
      Type.String({
        pattern: COUNTRY_PATTERN,
        description:
          'Extension (not a CMR box): country of registration of the trailer in `trailer_plate`, ISO 3166-1 alpha-2. The eFTI dataset needs it (eFTI578, mandatory for cabotage); it is never taken from `country`, the motor vehicle\'s.',
      }),
    ),
  },
  { ...strict, $id: 'Vehicle' },
);

export const CombinedTransportSchema = Type.Object(
  {
    sequence: Type.Integer({ minimum: 1, maximum: 99, description: 'Position of this road leg, from 1.' }),
    carried_unit: opt(
      Type.Object(
        {
          id: requiredText(20, 'Identifier of the unit, such as a container number.'),
          category: EquipmentCategory('Equipment category of the unit.'),
        },
        strict,
      ),
    ),
  },
  { ...strict, $id: 'CombinedTransport', description: 'Place of this road leg in a combined transport operation.' },
);

export const DriverSchema = Type.Object(
  {
    name: requiredText(200),
    phone: opt(Type.String({ pattern: E164_PATTERN, description: 'E.164; receives SMS sign links and the driver overview.' })),
    email: opt(Type.String({ format: 'email', maxLength: 254 })),
    language: opt(Type.String({ pattern: LANGUAGE_PATTERN, description: 'Language of the signing flow and documents.' })),
  },
  { ...strict, $id: 'Driver' },
);

export const MoneySchema = Type.Object(
  {
    amount: Type.String({ pattern: AMOUNT_PATTERN, description: 'Decimal string, at most two decimals, such as `1250.00`.' }),
    currency: Type.String({ pattern: CURRENCY_PATTERN, description: 'ISO 4217, such as `EUR`.' }),
  },
  { ...strict, $id: 'Money' },
);

export const ChargeVatSchema = Type.Object(
  {
    category: StringEnum(['S', 'Z', 'E'] as const, { description: '`S` standard or reduced rate, `Z` zero-rated, `E` exempt.' }),
    rate: opt(Type.String({ pattern: '^\\d{1,2}(\\.\\d{1,2})?$', description: 'Percent of an `S` charge taxed at another rate than the carriage (a reduced rate); ignored for `Z` and `E`.' })),
    exemption_reason_code: opt(StringEnum(CHARGE_EXEMPTION_CODES, {
      description: 'The law that exempts an `E` charge: `VATEX-EU-79-C` (paid in the customer\'s name and for its account, the default), `VATEX-EU-144` (linked to an import), `VATEX-EU-146-1E` (linked to an export), `VATEX-EU-159` (goods in customs warehousing).',
    })),
  },
  { ...strict, $id: 'ChargeVat', description: 'The VAT of a charge when it is not the carriage\'s (EN 16931 BT-151). Beside a reverse-charged carriage only `E`; on an invoice outside EU VAT it is ignored.' },
);

export const OtherChargeSchema = Type.Object(
  {
    kind: StringEnum(OTHER_CHARGE_KINDS, { description: '`waiting_time`, `tolls`, `fuel_surcharge`, `adr_surcharge` (dangerous goods) or `other`.' }),
    description: opt(text(200, 'Printed after the kind on the invoice line, such as `3 h at Duisburg`.')),
    amount: Type.String({ pattern: AMOUNT_PATTERN, description: 'Decimal string, at most two decimals, such as `85.00`.' }),
    currency: Type.String({ pattern: CURRENCY_PATTERN, description: 'ISO 4217; the carriage\'s, as an invoice has one currency.' }),
    vat: opt(Type.Ref(ChargeVatSchema)),
  },
  { ...strict, $id: 'OtherCharge', description: 'A supplementary charge beside the carriage (box 14): one line of the invoice.' },
);

export const ChargesSchema = Type.Object(
  {
    carriage: opt(Type.Ref(MoneySchema, { description: 'Carriage charges (box 14).' })),
    other: opt(Type.Array(Type.Ref(OtherChargeSchema), { maxItems: 20, description: 'Supplementary charges (box 14): waiting time, tolls, surcharges…; each an invoice line.' })),
    cash_on_delivery: opt(Type.Ref(MoneySchema, { description: 'Cash on delivery (box 15).' })),
    payer: opt(StringEnum(CHARGE_PAYERS)),
  },
  { ...strict, $id: 'Charges' },
);

export const WasteSchema = Type.Object(
  {
    notification_number: opt(
      Type.String({ pattern: WASTE_NOTIFICATION_PATTERN, description: 'Notification number of the waste shipment, such as `NL 123456`.' }),
    ),
    annex_vii: opt(
      Type.Boolean({ description: 'Green-listed waste moving under an Annex VII document instead of a notification: no number needed.' }),
    ),
    ewc_code: opt(Type.String({ pattern: EWC_CODE_PATTERN, description: 'European List of Waste code, such as `160104*`.' })),
    description: opt(text(500)),
  },
  { ...strict, $id: 'Waste', description: 'Present when the goods are waste shipped under Regulation (EU) 2024/1157.' },
);

/** The fields of the input; the stored shipment returns them beside its own. */
export const shipmentInputProperties = {
  reference: opt(text(100, "Client's own reference, shown on the consignment note.")),
  transport_type: opt(StringEnum(TRANSPORT_TYPES, { description: 'Derived when omitted; when sent it must agree with the derivation.' })),
  consignor: opt(Type.Ref(PartySchema, { description: 'Sender (box 1).' })),
  consignee: opt(Type.Ref(PartySchema, { description: 'Consignee (box 2).' })),
  carrier: opt(Type.Ref(PartySchema, { description: 'Carrier (box 16).' })),
  principal: opt(Type.Ref(PartySchema, { description: 'Who ordered the transport; not on the form.' })),
  successive_carriers: opt(Type.Array(Type.Ref(PartySchema), { maxItems: 10, description: 'Box 17.' })),
  pickup: opt(Type.Ref(StopSchema, { description: 'Place and date of taking over (box 4).' })),
  delivery: opt(Type.Ref(StopSchema, { description: 'Place designated for delivery (box 3).' })),
  goods: opt(Type.Array(Type.Ref(GoodsLineSchema), { maxItems: 200, description: 'A business rule requires at least one line.' })),
  vehicle: opt(Type.Ref(VehicleSchema)),
  combined_transport: opt(Type.Ref(CombinedTransportSchema)),
  driver: opt(Type.Ref(DriverSchema, { description: 'Receives sign links.' })),
  charges: opt(Type.Ref(ChargesSchema)),
  special_agreements: opt(text(2000, 'Box 19.')),
  sender_instructions: opt(text(2000, 'Box 13.')),
  consignee_has_right_of_disposal: opt(
    Type.Boolean({
      description:
        "The sender's entry that the consignee has the right of disposal from the time the note is made out (CMR art. 12(3)), printed in box 13; a consignment-note field, frozen at issue. Absent or false: the sender disposes until the goods arrive (docs/right-of-disposal.md).",
    }),
  ),
  documents_attached: opt(Type.Array(text(200), { maxItems: 20, description: 'Box 5.' })),
  waste: opt(Type.Ref(WasteSchema)),
};

export const ShipmentInputSchema = Type.Object(shipmentInputProperties, {
  ...strict,
  $id: 'ShipmentInput',
  description: 'Body of `POST /v1/shipments` and of the dry run. No field is required by the schema; the business rules name what is missing.',
});

/** The named parts, in the order a validator or the OpenAPI document must learn them. */
export const SHIPMENT_INPUT_SCHEMAS = [
  CoordinatesSchema,
  AddressSchema,
  ContactSchema,
  PartySchema,
  TimeWindowSchema,
  StopSchema,
  AdrSchema,
  GoodsLineSchema,
  VehicleSchema,
  CombinedTransportSchema,
  DriverSchema,
  MoneySchema,
  ChargeVatSchema,
  OtherChargeSchema,
  ChargesSchema,
  WasteSchema,
  ShipmentInputSchema,
] as const;

// Static types resolve the Refs through their targets.
type Resolve<T> = T;
export type Address = Static<typeof AddressSchema> & { coordinates?: Static<typeof CoordinatesSchema> };
export type Contact = Static<typeof ContactSchema>;
export type Party = Resolve<Omit<Static<typeof PartySchema>, 'address' | 'contact'> & { address: Address; contact?: Contact }>;
export type Stop = Omit<Static<typeof StopSchema>, 'address' | 'window' | 'contact'> & {
  address: Address;
  window?: Static<typeof TimeWindowSchema>;
  contact?: Contact;
};
export type Adr = Static<typeof AdrSchema>;
export type GoodsLine = Omit<Static<typeof GoodsLineSchema>, 'adr'> & { adr?: Adr };
export type Vehicle = Static<typeof VehicleSchema>;
export type CombinedTransport = Static<typeof CombinedTransportSchema>;
export type Driver = Static<typeof DriverSchema>;
export type Money = Static<typeof MoneySchema>;
export type ChargeVat = Static<typeof ChargeVatSchema>;
export type OtherCharge = Omit<Static<typeof OtherChargeSchema>, 'vat'> & { vat?: ChargeVat };
export type Charges = { carriage?: Money; other?: OtherCharge[]; cash_on_delivery?: Money; payer?: (typeof CHARGE_PAYERS)[number] };
export type Waste = Static<typeof WasteSchema>;

export interface ShipmentInput {
  reference?: string;
  transport_type?: TransportType;
  consignor?: Party;
  consignee?: Party;
  carrier?: Party;
  principal?: Party;
  successive_carriers?: Party[];
  pickup?: Stop;
  delivery?: Stop;
  goods?: GoodsLine[];
  vehicle?: Vehicle;
  combined_transport?: CombinedTransport;
  driver?: Driver;
  charges?: Charges;
  special_agreements?: string;
  sender_instructions?: string;
  consignee_has_right_of_disposal?: boolean;
  documents_attached?: string[];
  waste?: Waste;
}
