/**
 * Everything an invoice states, gathered from the delivered shipment, the invoicing profile and
 * the body of the request, with the VAT treatment and the totals decided (EN 16931):
 *
 * - the invoicing profile's company is the seller (invoice-seller.ts), the party `charges.payer`
 *   names the buyer, each charge the buyer pays a line (invoice-lines.ts); the seller's VAT country
 *   is its VAT number's prefix, the buyer's its address.
 * - Road haulage sold to a business is taxed where the customer is established (VAT Directive
 *   art. 44): same country → standard rate `S` at the rate given; another member state → reverse
 *   charge `AE` at 0 %, both VAT numbers stated (BR-AE-02) with the exemption reason (BR-AE-10);
 *   outside the EU → `O`, not subject to EU VAT, no VAT numbers at all (BR-O-02) and a reason.
 * - Amounts are bigint cents, rounded half away from zero to two decimals (BR-CO-17).
 * - A fact the rules need and nobody gave is collected, and all of them answer 422
 *   `invoice_incomplete`, the detail naming each.
 */
import { convertCents, formatScaled, parseCents, parseScaled, PERCENT_SCALE, RATE_SCALE } from '../../core/money.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import type { Address, Charges, Party } from '../shipments/shipment-input.schema.js';
import type { InvoicingProfile, IssueInvoice, PeppolEndpoint } from './invoice.schema.js';
import {
  cashOnDeliveryLine,
  chargeAmounts,
  chosenVat,
  invoiceTotals,
  otherChargeLine,
  vatBreakdown,
  vatOfChoice,
  type DocumentAllowanceCharge,
  type InvoiceLine,
  type VatBreakdown,
  type VatTreatment,
} from './invoice-lines.js';
import { invoiceSeller, type InvoiceParty, type OnBehalfOf } from './invoice-seller.js';
import { MissingFacts } from './missing-facts.js';
import { greekBuyerFindings, greekMarkMissing } from './greek-rules.js';
import { danishAllowanceFindings, swedishRateFindings } from './national-rules.js';
import { EU_COUNTRIES, isVatNumber, normalizeVatNumber, registrationScheme, VAT_SCHEME_BY_COUNTRY, vatCountry, vatEndpointId } from './tax-identifiers.js';

export type { InvoiceParty } from './invoice-seller.js';

export interface InvoiceFacts {
  currency: string;
  /** Accounting currency, when it differs from `currency` (BT-6). */
  taxCurrency?: string;
  /** Units of the accounting currency per unit of `currency` (six decimals), when VAT is converted. */
  taxCurrencyRate?: string;
  seller: InvoiceParty;
  buyer: InvoiceParty & { role: string };
  /** The carrier the seller invoices for, when it is another company. */
  onBehalfOf?: OnBehalfOf;
  buyerReference?: string;
  orderReference?: string;
  /** The VAT treatment of the carriage, the supply invoiced. */
  vat: VatTreatment;
  lines: InvoiceLine[];
  /** Document-level allowances and charges (BG-20, BG-21). */
  allowancesCharges: DocumentAllowanceCharge[];
  breakdown: VatBreakdown[];
  /** Cents. */
  amounts: InvoiceAmounts;
  delivery: { date: string; address: Address };
  payment?: { iban: string; bic?: string };
  paymentTermsDays: number;
}

export interface InvoiceAmounts {
  lines: bigint;
  allowances: bigint;
  charges: bigint;
  taxExclusive: bigint;
  vat: bigint;
  vatInTaxCurrency?: bigint;
  total: bigint;
}

type SupplyCategory = 'S' | 'AE' | 'O';

const EXEMPTIONS = {
  AE: { exemptionReason: 'Reverse charge', exemptionReasonCode: 'VATEX-EU-AE' },
  O: { exemptionReason: 'Not subject to VAT', exemptionReasonCode: 'VATEX-EU-O' },
} as const;

function vatCategory(sellerCountry: string, buyerCountry: string): SupplyCategory {
  if (sellerCountry === buyerCountry) return 'S';
  return EU_COUNTRIES.has(buyerCountry) ? 'AE' : 'O';
}

/** The buyer's Peppol address by default: its VAT number in the VAT scheme of its country. */
function endpointFromVat(vat: string | undefined): PeppolEndpoint | undefined {
  if (!vat || !isVatNumber(vat)) return undefined;
  const scheme = VAT_SCHEME_BY_COUNTRY[vatCountry(vat)];
  return scheme ? { scheme, id: vatEndpointId(vat) } : undefined;
}

function registrationOf(party: Party, country: string, path: string, missing: MissingFacts, required: boolean): InvoiceParty['registration'] {
  const scheme = registrationScheme(country);
  const given = party.registration_number;
  if (scheme) {
    const id = given === undefined ? '' : scheme.normalize(given);
    if (scheme.check(id)) return { id, scheme: scheme.scheme };
    if (required) missing.add(`${path}.registration_number`, `${scheme.name}, for a buyer in ${country} (NL-R-005)`);
    return undefined;
  }
  return given ? { id: given } : undefined;
}

/** The facts of the invoice of `shipment`, or 422 `invoice_incomplete` naming every one missing. */
export function invoiceFacts(shipment: ShipmentRow, profile: InvoicingProfile, body: IssueInvoice): InvoiceFacts {
  const missing = new MissingFacts();
  const data = shipment.data as { charges?: Charges; carrier?: Party; consignor?: Party; consignee?: Party; principal?: Party; delivery?: { address: Address }; pickup?: { address: Address }; reference?: string };
  const charges = chargeAmounts(data.charges, missing);
  const role = data.charges?.payer;
  if (!role) missing.add('charges.payer', 'who pays the carriage: consignor, consignee or principal');
  const payer = role ? data[role] : undefined;
  if (role && !payer) missing.add(role, `the ${role}, named as payer`);
  const carrier = data.carrier;
  if (!carrier) missing.add('carrier', 'the carrier, who performed the carriage');
  missing.check();

  const sellerCountry = vatCountry(profile.vat_number);
  const buyerCountry = payer!.address.country;
  const category = vatCategory(sellerCountry, buyerCountry);
  const dutchBuyer = sellerCountry === 'NL' && buyerCountry === 'NL';
  const stateVat = category !== 'O';
  // The German rules of Peppol BIS (DE-R-*) hold when seller and buyer are both in Germany.
  const germanDomestic = sellerCountry === 'DE' && buyerCountry === 'DE';
  const { seller, onBehalfOf } = invoiceSeller(profile, carrier!, { onBehalfOfCarrier: body.on_behalf_of_carrier === true, stateVat, germanDomestic }, missing);

  const standardRate = body.vat_rate ?? profile.vat_rate;
  const standardPercent = standardRate === undefined ? undefined : formatScaled(parseScaled(standardRate, PERCENT_SCALE)!, PERCENT_SCALE);
  // The carriage of a domestic run at the standard rate needs the rate; named here, before the facts of the parties.
  if (category === 'S' && !body.carriage_vat) {
    if (standardPercent === undefined) missing.add('vat_rate', `the VAT rate of a domestic run in ${sellerCountry}, in the body or the invoicing profile`);
    else if (parseScaled(standardPercent, PERCENT_SCALE) === 0n) missing.add('vat_rate', 'a standard VAT rate above 0 (BR-S-05); a zero-rated charge is category Z');
  }
  const buyerVat = payer!.vat_number ? normalizeVatNumber(payer!.vat_number) : undefined;
  if (category === 'AE' && !buyerVat) missing.add(`${role}.vat_number`, 'the VAT number of a buyer in another member state, for the reverse charge (BR-AE-02)');

  if (sellerCountry === 'NL' && !profile.iban) missing.add('invoicing_profile.iban', 'the payee account of a Dutch seller (NL-R-007)');
  if (germanDomestic) {
    if (!profile.iban) missing.add('invoicing_profile.iban', 'the payee account: a German seller invoicing a German buyer states payment instructions (DE-R-001)');
    if (!payer!.address.postal_code) missing.add(`${role}.address.postal_code`, 'the postal code of a German buyer of a German seller (DE-R-009)');
    if (data.delivery && !data.delivery.address.postal_code) missing.add('delivery.address.postal_code', 'the postal code of the delivery address on a German seller\'s invoice to a German buyer (DE-R-011)');
  }
  if (dutchBuyer && !payer!.address.postal_code) missing.add(`${role}.address.postal_code`, 'the postal code of a Dutch buyer (NL-R-004)');
  const buyerRegistration = registrationOf(payer!, buyerCountry, role!, missing, dutchBuyer);

  const buyerEndpoint = body.buyer_endpoint ?? endpointFromVat(buyerVat);
  // A missing VAT number of a reverse-charge buyer is named already: giving it settles the endpoint too.
  if (!buyerEndpoint && (category !== 'AE' || buyerVat)) missing.add('buyer_endpoint', `the buyer's Peppol address: ${buyerVat ? `its VAT number's country ${vatCountry(buyerVat)} has no VAT scheme` : 'it has no VAT number to derive it from'}`);
  if (sellerCountry === 'GR') {
    greekMarkMissing(profile, body.mark, 'invoice', missing);
    greekBuyerFindings({ role: role!, country: buyerCountry, vatNumber: buyerVat, endpoint: buyerEndpoint }, category, missing);
  }
  // The Danish rules of a document (DK-R-*) follow the seller's and the buyer's postal addresses.
  if ((sellerCountry === 'DK' || profile.address?.country === 'DK') && buyerCountry === 'DK') danishAllowanceFindings(body.allowances_charges, missing);
  const buyerReference = body.buyer_reference ?? payer!.reference;
  if (germanDomestic && !buyerReference) missing.add('buyer_reference', `the buyer reference, such as the buyer's Leitweg-ID: a German seller invoicing a German buyer states it (DE-R-015); the ${role} has no reference`);
  else if (!buyerReference && !body.order_reference) missing.add('buyer_reference', `a buyer reference or order_reference (PEPPOL-EN16931-R003); the ${role} has no reference`);
  if (!shipment.delivered_at || !data.delivery) throw new Error(`shipment ${shipment.id} is delivered without a delivery date or place`);

  const supplyVat: VatTreatment = {
    category,
    percent: category === 'S' ? standardPercent : category === 'AE' ? '0' : undefined,
    ...(category === 'S' ? {} : EXEMPTIONS[category]),
  };
  let vat = supplyVat;
  if (body.carriage_vat) {
    if (category === 'S') vat = vatOfChoice(body.carriage_vat, standardPercent);
    else missing.add('carriage_vat', `no VAT of its own for the carriage of an invoice in category ${category}: the payer is not in the seller's country`, 'mismatch');
  }
  const pickupCity = data.pickup?.address.city;
  const deliveryCity = data.delivery.address.city;
  const lines: InvoiceLine[] = [{
    kind: 'carriage',
    amount: charges!.carriage,
    vat,
    name: pickupCity ? `Road transport ${pickupCity} - ${deliveryCity}` : `Road transport to ${deliveryCity}`,
    description: `Carriage under consignment note ${shipment.id}${data.reference ? `, reference ${data.reference}` : ''}`,
    ...(onBehalfOf ? { property: { name: 'Carrier', value: onBehalfOf.name } } : {}),
  }];
  charges!.other.forEach(({ charge, amount }, index) => {
    lines.push(otherChargeLine(charge, amount, chosenVat(charge.vat, supplyVat, `charges.other[${index}].vat`, missing), shipment.id));
  });
  if (charges!.cashOnDelivery !== undefined) lines.push(cashOnDeliveryLine(charges!.cashOnDelivery, supplyVat, shipment.id));
  const allowancesCharges: DocumentAllowanceCharge[] = (body.allowances_charges ?? []).map((ac, index) => ({
    charge: ac.charge,
    amount: parseCents(ac.amount)!,
    reason: ac.reason,
    reasonCode: ac.reason_code,
    vat: chosenVat(ac.vat, supplyVat, `allowances_charges[${index}].vat`, missing),
  }));
  const treatments = [...lines.map((l) => l.vat), ...allowancesCharges.map((ac) => ac.vat)];
  const rateNamed = missing.findings.some((f) => f.path === '$.vat_rate');
  if (rateNamed) {
    // Named above.
  } else if (treatments.some((t) => t.category === 'S' && t.percent === undefined)) {
    missing.add('vat_rate', `the VAT rate of a domestic run in ${sellerCountry}, in the body or the invoicing profile`);
  } else if (treatments.some((t) => t.category === 'S' && parseScaled(t.percent!, PERCENT_SCALE) === 0n)) {
    // A standard-rated line needs a rate above zero (BR-S-05); zero-rated supplies are category Z.
    missing.add('vat_rate', 'a standard VAT rate above 0 (BR-S-05); a zero-rated charge is category Z');
  }
  if (sellerCountry === 'SE') {
    const given = [
      { path: 'carriage_vat', vat: body.carriage_vat },
      ...(data.charges?.other ?? []).map((charge, index) => ({ path: `charges.other[${index}].vat`, vat: charge.vat })),
      ...(body.allowances_charges ?? []).map((ac, index) => ({ path: `allowances_charges[${index}].vat`, vat: ac.vat })),
    ];
    swedishRateFindings(standardPercent, treatments.some((t) => t.category === 'S' && t.percent === standardPercent), given, missing);
  }
  const breakdown = vatBreakdown(lines, allowancesCharges);
  const totals = invoiceTotals(lines, allowancesCharges, breakdown);
  breakdown.forEach((group) => {
    if (group.taxable < 0n) missing.add('allowances_charges', `allowances of at most the amount of their VAT group (${group.vat.category}${group.vat.percent === undefined ? '' : ` ${group.vat.percent} %`})`, 'mismatch');
  });
  const vatTotal = totals.vat;

  const currency = charges!.currency;
  const taxCurrency = currency === profile.accounting_currency ? undefined : profile.accounting_currency;
  let vatInTaxCurrency: bigint | undefined;
  if (taxCurrency) {
    if (vatTotal === 0n) vatInTaxCurrency = 0n;
    else if (body.tax_currency_rate === undefined) missing.add('tax_currency_rate', `the rate from ${currency} to ${taxCurrency}: the VAT total is also stated in the accounting currency (BT-111)`);
    else vatInTaxCurrency = convertCents(vatTotal, parseScaled(body.tax_currency_rate, RATE_SCALE)!);
  }
  missing.check();

  return {
    currency,
    taxCurrency,
    taxCurrencyRate: taxCurrency ? body.tax_currency_rate : undefined,
    seller: seller!,
    buyer: {
      role: role!,
      endpoint: buyerEndpoint!,
      name: payer!.name,
      address: payer!.address,
      vatNumber: stateVat ? buyerVat : undefined,
      legalName: payer!.name,
      registration: buyerRegistration,
    },
    onBehalfOf,
    buyerReference,
    orderReference: body.order_reference,
    vat,
    lines,
    allowancesCharges,
    breakdown,
    amounts: { ...totals, vatInTaxCurrency },
    delivery: { date: shipment.delivered_at.toISOString().slice(0, 10), address: data.delivery.address },
    payment: profile.iban ? { iban: profile.iban, bic: profile.bic } : undefined,
    paymentTermsDays: profile.payment_terms_days,
  };
}
