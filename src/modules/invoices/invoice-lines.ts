/**
 * The lines of an invoice: one per charge of the shipment that the buyer pays, and their VAT
 * breakdown (EN 16931 BG-23, one group per category and rate).
 *
 * The charges a shipment carries are the two the service description lists under Charges:
 * `carriage` (box 14) and `cash_on_delivery` (box 15); `payer` says who pays them.
 * - The carriage is the carrier's supply: always a line, in the VAT category the payer decides.
 * - Cash on delivery is the amount the carrier collects from the consignee on delivery, for the
 *   consignor (CMR art. 21). Only a consignee owes it, so it is a line only when `payer` is the
 *   consignee; a paying consignor or principal is not invoiced for money collected for the
 *   consignor. It is not consideration for a supply by the carrier, so it carries no VAT: category
 *   `E` with code `VATEX-EU-79-C`, the VATEX code for amounts passed through (the code list itself
 *   notes that this is "not an exemption in the sense of the VAT Directive but may be handled as
 *   such in the context of the EN16931"). `O` would say it best, but EN 16931 forbids an `O`
 *   group beside any other (BR-O-11 … BR-O-14), so `O` is used only when the whole invoice is `O`.
 *   A fee for collecting it would be a taxable service, but shipments carry no such fee.
 * - One invoice has one currency (BT-5, PEPPOL-EN16931-R051): both charges must be in it.
 */
import { parseCents, percentOf } from '../../core/money.js';
import type { Charges } from '../shipments/shipment-input.schema.js';
import type { MissingFacts } from './missing-facts.js';

export type VatCategory = 'S' | 'AE' | 'O' | 'E';

export interface VatTreatment {
  category: VatCategory;
  /** Percent as stated (`21`, `0`); absent for `O` (BR-O-05). */
  percent?: string;
  exemptionReason?: string;
  exemptionReasonCode?: string;
}

export type LineKind = 'carriage' | 'cash_on_delivery';

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

export interface VatBreakdown {
  vat: VatTreatment;
  /** Cents. */
  taxable: bigint;
  tax: bigint;
}

/** The charges in cents, checked: a positive carriage, and cash on delivery when the payer owes it. */
export interface ChargeAmounts {
  currency: string;
  carriage: bigint;
  cashOnDelivery?: bigint;
}

const CASH_ON_DELIVERY_VAT: VatTreatment = {
  category: 'E',
  percent: '0',
  exemptionReason: 'Cash on delivery collected for the consignor (CMR art. 21), not a supply of the carrier',
  exemptionReasonCode: 'VATEX-EU-79-C',
};

/** The charges to invoice, or undefined with the missing facts added to `missing`. */
export function chargeAmounts(charges: Charges | undefined, missing: MissingFacts): ChargeAmounts | undefined {
  const carriage = charges?.carriage;
  const cents = carriage ? parseCents(carriage.amount) : null;
  if (!carriage || cents === null || cents <= 0n) {
    missing.add('charges.carriage', carriage ? 'a positive carriage charge; credit notes come later' : 'the carriage charge, the invoice line');
    return undefined;
  }
  const cod = charges.payer === 'consignee' ? charges.cash_on_delivery : undefined;
  const codCents = cod ? parseCents(cod.amount) : null;
  if (!cod || codCents === 0n) return { currency: carriage.currency, carriage: cents };
  if (codCents === null || codCents < 0n) missing.add('charges.cash_on_delivery', 'a positive amount to collect on delivery');
  else if (cod.currency !== carriage.currency) missing.add('charges.cash_on_delivery', `cash on delivery in ${carriage.currency}, the currency of the carriage: an invoice has one currency (PEPPOL-EN16931-R051)`);
  else return { currency: carriage.currency, carriage: cents, cashOnDelivery: codCents };
  return undefined;
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

/** One group per VAT category and rate, in the order of the lines; VAT rounded per group (BR-CO-17). */
export function vatBreakdown(lines: readonly InvoiceLine[], percentHundredths: bigint | undefined): VatBreakdown[] {
  const groups: VatBreakdown[] = [];
  for (const line of lines) {
    const group = groups.find((g) => g.vat.category === line.vat.category && g.vat.percent === line.vat.percent);
    if (group) group.taxable += line.amount;
    else groups.push({ vat: line.vat, taxable: line.amount, tax: 0n });
  }
  for (const group of groups) group.tax = group.vat.category === 'S' && percentHundredths !== undefined ? percentOf(group.taxable, percentHundredths) : 0n;
  return groups;
}
