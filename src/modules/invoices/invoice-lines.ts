/**
 * The lines of an invoice: one per charge of the shipment that the buyer pays, the document-level
 * allowances and charges of the request, and their VAT breakdown (EN 16931 BG-23, one group per
 * category and rate).
 *
 * The charges a shipment carries are those of box 14 and 15 of the consignment note: `carriage`,
 * the supplementary charges in `other` (waiting time, tolls, fuel surcharge, ADR surcharge, other
 * charges) and `cash_on_delivery`; `payer` says who pays them.
 * - The carriage is the carrier's supply: always line 1, in the VAT category the payer decides.
 * - Each supplementary charge is a line of its own, in the carriage's VAT treatment unless the
 *   charge names its own (`vat`): a reduced `S` rate, zero-rated `Z`, or exempt `E` with the
 *   VATEX code of the law that exempts it (tolls paid in the customer's name are disbursements,
 *   `VATEX-EU-79-C`; transport linked to an export is exempt by art. 146(1)(e), `VATEX-EU-146-1E`).
 *   Beside a reverse-charged carriage (`AE`) only `E` is possible: the service itself is taxed
 *   where the customer is. Outside EU VAT (`O`) every line is `O` (BR-O-11 … BR-O-14).
 * - Cash on delivery is the amount the carrier collects from the consignee on delivery, for the
 *   consignor (CMR art. 21). Only a consignee owes it, so it is a line only when `payer` is the
 *   consignee; a paying consignor or principal is not invoiced for money collected for the
 *   consignor. It is not consideration for a supply by the carrier, so it carries no VAT: category
 *   `E` with code `VATEX-EU-79-C`, the VATEX code for amounts passed through (the code list itself
 *   notes that this is "not an exemption in the sense of the VAT Directive but may be handled as
 *   such in the context of the EN16931"). `O` would say it best, but EN 16931 forbids an `O`
 *   group beside any other (BR-O-11 … BR-O-14), so `O` is used only when the whole invoice is `O`.
 * - Document-level allowances and charges (BG-20, BG-21) are what applies to the invoice as a whole
 *   and to no one line: a discount on the whole invoice, an administration fee. Each has a reason
 *   (BR-33, BR-38) and a VAT category (BR-32, BR-37), the carriage's unless it names its own, and
 *   counts in the taxable amount of its VAT group (BR-S-08 …).
 * - One invoice has one currency (BT-5, PEPPOL-EN16931-R051): every charge must be in it.
 */
import { formatScaled, parseCents, parseScaled, percentOf, PERCENT_SCALE } from '../../core/money.js';
import type { Charges, OtherCharge } from '../shipments/shipment-input.schema.js';
import type { MissingFacts } from './missing-facts.js';

export type VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'O';

export interface VatTreatment {
  category: VatCategory;
  /** Percent as stated (`21`, `0`); absent for `O` (BR-O-05). */
  percent?: string;
  exemptionReason?: string;
  exemptionReasonCode?: string;
}

export type LineKind = 'carriage' | 'cash_on_delivery' | OtherCharge['kind'];

export interface InvoiceLine {
  kind: LineKind;
  /** Cents. */
  amount: bigint;
  vat: VatTreatment;
  name: string;
  description: string;
  /** An item attribute (BT-160/161), such as the carrier of an invoice on its behalf. */
  property?: { name: string; value: string };
}

/** A document-level allowance (BG-20, `charge` false) or charge (BG-21). */
export interface DocumentAllowanceCharge {
  charge: boolean;
  /** Cents, above zero. */
  amount: bigint;
  reason: string;
  reasonCode?: string;
  vat: VatTreatment;
}

export interface VatBreakdown {
  vat: VatTreatment;
  /** Cents: its lines, less its allowances, plus its charges. */
  taxable: bigint;
  tax: bigint;
}

/**
 * Exemptions a haulier's invoice meets, by VATEX code (CEF VATEX code list): the reason stated
 * beside the code (BT-120) is the provision that exempts the supply.
 */
export const EXEMPTION_REASONS = {
  'VATEX-EU-79-C': 'Amounts received from the customer as repayment of expenses incurred in its name and for its account (VAT Directive art. 79(c))',
  'VATEX-EU-144': 'Exempt: services connected with the importation of goods (VAT Directive art. 144)',
  'VATEX-EU-146-1E': 'Exempt: transport services connected with the exportation of goods (VAT Directive art. 146(1)(e))',
  'VATEX-EU-159': 'Exempt: services in connection with goods under a customs warehousing arrangement (VAT Directive art. 159)',
} as const;

export type ExemptionCode = keyof typeof EXEMPTION_REASONS;
export const EXEMPTION_CODES = Object.keys(EXEMPTION_REASONS) as ExemptionCode[];

/** The VAT a charge or the request names for itself. */
export interface VatChoice {
  category: 'S' | 'Z' | 'E';
  rate?: string;
  exemption_reason_code?: ExemptionCode;
}

const CASH_ON_DELIVERY_VAT: VatTreatment = {
  category: 'E',
  percent: '0',
  exemptionReason: 'Cash on delivery collected for the consignor (CMR art. 21), not a supply of the carrier',
  exemptionReasonCode: 'VATEX-EU-79-C',
};

export const OTHER_CHARGE_NAMES: Record<OtherCharge['kind'], string> = {
  waiting_time: 'Waiting time',
  tolls: 'Tolls',
  fuel_surcharge: 'Fuel surcharge',
  adr_surcharge: 'ADR surcharge (dangerous goods)',
  other: 'Other charges',
};

/** The charges in cents, checked: a positive carriage, the supplementary charges, and cash on delivery when the payer owes it. */
export interface ChargeAmounts {
  currency: string;
  carriage: bigint;
  other: { charge: OtherCharge; amount: bigint }[];
  cashOnDelivery?: bigint;
}

/** The charges to invoice, or undefined with the missing facts added to `missing`. */
export function chargeAmounts(charges: Charges | undefined, missing: MissingFacts): ChargeAmounts | undefined {
  const carriage = charges?.carriage;
  const cents = carriage ? parseCents(carriage.amount) : null;
  if (!carriage || cents === null || cents <= 0n) {
    missing.add('charges.carriage', carriage ? 'a positive carriage charge; an invoice is corrected by a credit note' : 'the carriage charge, the invoice line');
    return undefined;
  }
  const other: ChargeAmounts['other'] = [];
  (charges.other ?? []).forEach((charge, index) => {
    const amount = parseCents(charge.amount);
    if (amount === null || amount <= 0n) missing.add(`charges.other[${index}].amount`, `a positive amount of the ${charge.kind} charge`);
    else if (charge.currency !== carriage.currency) missing.add(`charges.other[${index}].currency`, `the ${charge.kind} charge in ${carriage.currency}, the currency of the carriage: an invoice has one currency (PEPPOL-EN16931-R051)`);
    else other.push({ charge, amount });
  });
  const cod = charges.payer === 'consignee' ? charges.cash_on_delivery : undefined;
  const codCents = cod ? parseCents(cod.amount) : null;
  if (!cod || codCents === 0n) return { currency: carriage.currency, carriage: cents, other };
  if (codCents === null || codCents < 0n) missing.add('charges.cash_on_delivery', 'a positive amount to collect on delivery');
  else if (cod.currency !== carriage.currency) missing.add('charges.cash_on_delivery', `cash on delivery in ${carriage.currency}, the currency of the carriage: an invoice has one currency (PEPPOL-EN16931-R051)`);
  else return { currency: carriage.currency, carriage: cents, other, cashOnDelivery: codCents };
  return undefined;
}

/**
 * The VAT of a supplementary charge or a document-level allowance or charge: its own choice when
 * it names one and the carriage's treatment allows it, else the carriage's. `path` names the
 * choice in a finding when the carriage's treatment does not allow it.
 */
export function chosenVat(choice: VatChoice | undefined, carriageVat: VatTreatment, path: string, missing: MissingFacts): VatTreatment {
  if (!choice || carriageVat.category === 'O') return carriageVat;
  if (carriageVat.category === 'AE' && choice.category !== 'E') {
    missing.add(`${path}.category`, `E or nothing beside a reverse-charged carriage (the customer accounts for the VAT of the service, VAT Directive art. 196), not ${choice.category}`, 'mismatch');
    return carriageVat;
  }
  return vatOfChoice(choice, carriageVat.percent);
}

/** A VAT choice as stated: `S` at its rate (or the invoice's), `Z` at 0 % without a reason (BR-Z-10), `E` at 0 % with the reason of its code (BR-E-10). */
export function vatOfChoice(choice: VatChoice, standardPercent: string | undefined): VatTreatment {
  if (choice.category === 'S') return { category: 'S', percent: choice.rate === undefined ? standardPercent : formatScaled(parseScaled(choice.rate, PERCENT_SCALE)!, PERCENT_SCALE) };
  if (choice.category === 'Z') return { category: 'Z', percent: '0' };
  const code = choice.exemption_reason_code ?? 'VATEX-EU-79-C';
  return { category: 'E', percent: '0', exemptionReason: EXEMPTION_REASONS[code], exemptionReasonCode: code };
}

/** The line of a supplementary charge of the shipment. */
export function otherChargeLine(charge: OtherCharge, amount: bigint, vat: VatTreatment, noteReference: string): InvoiceLine {
  return {
    kind: charge.kind,
    amount,
    vat,
    name: charge.description ? `${OTHER_CHARGE_NAMES[charge.kind]}: ${charge.description}` : OTHER_CHARGE_NAMES[charge.kind],
    description: `${OTHER_CHARGE_NAMES[charge.kind]} under consignment note ${noteReference}`,
  };
}

/** The line of the collected cash on delivery: `E` beside a taxable or reverse-charged carriage, `O` in an invoice outside EU VAT. */
export function cashOnDeliveryLine(amount: bigint, carriageVat: VatTreatment, noteReference: string): InvoiceLine {
  return {
    kind: 'cash_on_delivery',
    amount,
    vat: carriageVat.category === 'O' ? carriageVat : CASH_ON_DELIVERY_VAT,
    name: 'Cash on delivery',
    description: `Amount collected on delivery for the consignor under consignment note ${noteReference}`,
  };
}

const sameGroup = (a: VatTreatment, b: VatTreatment) => a.category === b.category && a.percent === b.percent;

/**
 * One group per VAT category and rate, in the order of the lines then of the document-level
 * allowances and charges; VAT rounded per group (BR-CO-17). Only `S` groups carry VAT.
 */
export function vatBreakdown(lines: readonly Pick<InvoiceLine, 'amount' | 'vat'>[], allowancesCharges: readonly DocumentAllowanceCharge[] = []): VatBreakdown[] {
  const groups: VatBreakdown[] = [];
  const add = (vat: VatTreatment, amount: bigint) => {
    const group = groups.find((g) => sameGroup(g.vat, vat));
    if (group) group.taxable += amount;
    else groups.push({ vat, taxable: amount, tax: 0n });
  };
  for (const line of lines) add(line.vat, line.amount);
  for (const ac of allowancesCharges) add(ac.vat, ac.charge ? ac.amount : -ac.amount);
  for (const group of groups) {
    const percent = group.vat.category === 'S' && group.vat.percent !== undefined ? parseScaled(group.vat.percent, PERCENT_SCALE) : null;
    group.tax = percent === null ? 0n : percentOf(group.taxable, percent);
  }
  return groups;
}

/** The totals of lines and document-level allowances and charges (BR-CO-10 … BR-CO-16). */
export function invoiceTotals(lines: readonly Pick<InvoiceLine, 'amount'>[], allowancesCharges: readonly DocumentAllowanceCharge[], breakdown: readonly VatBreakdown[]): { lines: bigint; allowances: bigint; charges: bigint; taxExclusive: bigint; vat: bigint; total: bigint } {
  const lineTotal = lines.reduce((sum, line) => sum + line.amount, 0n);
  const allowances = allowancesCharges.filter((ac) => !ac.charge).reduce((sum, ac) => sum + ac.amount, 0n);
  const charges = allowancesCharges.filter((ac) => ac.charge).reduce((sum, ac) => sum + ac.amount, 0n);
  const taxExclusive = lineTotal - allowances + charges;
  const vat = breakdown.reduce((sum, group) => sum + group.tax, 0n);
  return { lines: lineTotal, allowances, charges, taxExclusive, vat, total: taxExclusive + vat };
}
