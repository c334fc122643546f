/**
 * Everything an invoice states, gathered from the delivered shipment, the invoicing profile and
 * the body of the request, with the VAT treatment and the totals decided (EN 16931):
 *
 * - the carrier is the seller, the party `charges.payer` names the buyer, the carriage charge the
 *   one line; the seller's VAT country is its VAT number's prefix, the buyer's its address.
 * - Road haulage sold to a business is taxed where the customer is established (VAT Directive
 *   art. 44): same country → standard rate `S` at the rate given; another member state → reverse
 *   charge `AE` at 0 %, both VAT numbers stated (BR-AE-02) with the exemption reason (BR-AE-10);
 *   outside the EU → `O`, not subject to EU VAT, no VAT numbers at all (BR-O-02) and a reason.
 * - Amounts are bigint cents, rounded half away from zero to two decimals (BR-CO-17).
 * - A fact the rules need and nobody gave is collected, and all of them answer 422
 *   `invoice_incomplete`, the detail naming each.
 */
import { AppError } from '../../core/errors.js';
import type { Finding } from '../../core/findings.js';
import { convertCents, formatScaled, parseCents, parseScaled, percentOf, PERCENT_SCALE, RATE_SCALE } from '../../core/money.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import type { Address, Charges, Party } from '../shipments/shipment-input.schema.js';
import type { InvoicingProfile, IssueInvoice, PeppolEndpoint } from './invoice.schema.js';
import { EU_COUNTRIES, isVatNumber, normalizeVatNumber, registrationScheme, VAT_SCHEME_BY_COUNTRY, vatCountry } from './tax-identifiers.js';

export type VatCategory = 'S' | 'AE' | 'O';

export interface InvoiceParty {
  endpoint: PeppolEndpoint;
  /** Trading name (BT-28 / BT-45): the name on the consignment note. */
  name: string;
  address: Address;
  /** Stated VAT number; absent for category `O`. */
  vatNumber?: string;
  /** Registration name (BT-27 / BT-44). */
  legalName: string;
  registration?: { id: string; scheme?: string };
}

export interface InvoiceFacts {
  currency: string;
  /** Accounting currency, when it differs from `currency` (BT-6). */
  taxCurrency?: string;
  seller: InvoiceParty;
  buyer: InvoiceParty & { role: string };
  buyerReference?: string;
  orderReference?: string;
  vat: { category: VatCategory; percent?: string; exemptionReason?: string; exemptionReasonCode?: string };
  /** Cents. */
  amounts: { line: bigint; vat: bigint; vatInTaxCurrency?: bigint; total: bigint };
  delivery: { date: string; address: Address };
  payment?: { iban: string; bic?: string };
  paymentTermsDays: number;
  line: { name: string; description: string };
}

const EXEMPTIONS = {
  AE: { exemptionReason: 'Reverse charge', exemptionReasonCode: 'VATEX-EU-AE' },
  O: { exemptionReason: 'Not subject to VAT', exemptionReasonCode: 'VATEX-EU-O' },
} as const;

class Missing {
  readonly findings: Finding[] = [];
  add(name: string, why: string): void {
    this.findings.push({ path: name, code: 'missing', message: why });
  }
  check(): void {
    if (this.findings.length === 0) return;
    const names = this.findings.map((f) => `${f.path} (${f.message})`).join('; ');
    throw new AppError('invoice_incomplete', `The invoice needs: ${names}.`, { errors: this.findings });
  }
}

function vatCategory(sellerCountry: string, buyerCountry: string): VatCategory {
  if (sellerCountry === buyerCountry) return 'S';
  return EU_COUNTRIES.has(buyerCountry) ? 'AE' : 'O';
}

/** The buyer's Peppol address by default: its VAT number in the VAT scheme of its country. */
function endpointFromVat(vat: string | undefined): PeppolEndpoint | undefined {
  if (!vat || !isVatNumber(vat)) return undefined;
  const scheme = VAT_SCHEME_BY_COUNTRY[vatCountry(vat)];
  return scheme ? { scheme, id: normalizeVatNumber(vat) } : undefined;
}

function registrationOf(party: Party, country: string, path: string, missing: Missing, required: boolean): InvoiceParty['registration'] {
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

export function invoiceFacts(shipment: ShipmentRow, profile: InvoicingProfile, body: IssueInvoice): InvoiceFacts {
  const missing = new Missing();
  const data = shipment.data as { charges?: Charges; carrier?: Party; consignor?: Party; consignee?: Party; principal?: Party; delivery?: { address: Address }; pickup?: { address: Address }; reference?: string };
  const carriage = data.charges?.carriage;
  const line = carriage ? parseCents(carriage.amount) : null;
  if (!carriage || line === null || line <= 0n) missing.add('charges.carriage', carriage ? 'a positive carriage charge; credit notes come later' : 'the carriage charge, the invoice line');
  const role = data.charges?.payer;
  if (!role) missing.add('charges.payer', 'who pays the carriage: consignor, consignee or principal');
  const payer = role ? data[role] : undefined;
  if (role && !payer) missing.add(role, `the ${role}, named as payer`);
  const carrier = data.carrier;
  if (!carrier) missing.add('carrier', 'the carrier, the seller');
  missing.check();

  const sellerCountry = vatCountry(profile.vat_number);
  const buyerCountry = payer!.address.country;
  const category = vatCategory(sellerCountry, buyerCountry);
  const dutchSeller = sellerCountry === 'NL';
  const dutchBuyer = dutchSeller && buyerCountry === 'NL';

  let percent: bigint | undefined;
  if (category === 'S') {
    const rate = body.vat_rate ?? profile.vat_rate;
    percent = rate === undefined ? undefined : parseScaled(rate, PERCENT_SCALE)!;
    if (rate === undefined) missing.add('vat_rate', `the VAT rate of a domestic run in ${sellerCountry}, in the body or the invoicing profile`);
    // A standard-rated line needs a rate above zero (BR-S-05); zero-rated supplies are category Z, not issued here.
    else if (percent === 0n) missing.add('vat_rate', 'a standard VAT rate above 0 (BR-S-05)');
  }
  const buyerVat = payer!.vat_number ? normalizeVatNumber(payer!.vat_number) : undefined;
  if (category === 'AE' && !buyerVat) missing.add(`${role}.vat_number`, 'the VAT number of a buyer in another member state, for the reverse charge (BR-AE-02)');

  if (dutchSeller && !carrier!.address.postal_code) missing.add('carrier.address.postal_code', 'the postal code of a Dutch seller (NL-R-002)');
  if (dutchSeller && !profile.iban) missing.add('invoicing_profile.iban', 'the payee account of a Dutch seller (NL-R-007)');
  if (dutchBuyer && !payer!.address.postal_code) missing.add(`${role}.address.postal_code`, 'the postal code of a Dutch buyer (NL-R-004)');
  const buyerRegistration = registrationOf(payer!, buyerCountry, role!, missing, dutchBuyer);

  const buyerEndpoint = body.buyer_endpoint ?? endpointFromVat(buyerVat);
  // A missing VAT number of a reverse-charge buyer is named already: giving it settles the endpoint too.
  if (!buyerEndpoint && (category !== 'AE' || buyerVat)) missing.add('buyer_endpoint', `the buyer's Peppol address: ${buyerVat ? `its VAT number's country ${vatCountry(buyerVat)} has no VAT scheme` : 'it has no VAT number to derive it from'}`);
  const buyerReference = body.buyer_reference ?? payer!.reference;
  if (!buyerReference && !body.order_reference) missing.add('buyer_reference', `a buyer reference or order_reference (PEPPOL-EN16931-R003); the ${role} has no reference`);

  const currency = carriage!.currency;
  const taxCurrency = currency === profile.accounting_currency ? undefined : profile.accounting_currency;
  const vat = percent === undefined ? 0n : percentOf(line!, percent);
  let vatInTaxCurrency: bigint | undefined;
  if (taxCurrency) {
    if (vat === 0n) vatInTaxCurrency = 0n;
    else if (body.tax_currency_rate === undefined) missing.add('tax_currency_rate', `the rate from ${currency} to ${taxCurrency}: the VAT total is also stated in the accounting currency (BT-111)`);
    else vatInTaxCurrency = convertCents(vat, parseScaled(body.tax_currency_rate, RATE_SCALE)!);
  }
  if (!shipment.delivered_at || !data.delivery) throw new Error(`shipment ${shipment.id} is delivered without a delivery date or place`);
  missing.check();

  const stateVat = category !== 'O';
  const pickupCity = data.pickup?.address.city;
  const deliveryCity = data.delivery.address.city;
  return {
    currency,
    taxCurrency,
    seller: {
      endpoint: profile.peppol_endpoint,
      name: carrier!.name,
      address: carrier!.address,
      vatNumber: stateVat ? profile.vat_number : undefined,
      legalName: profile.legal_name,
      registration: { id: profile.registration_number, scheme: registrationScheme(sellerCountry)?.scheme },
    },
    buyer: {
      role: role!,
      endpoint: buyerEndpoint!,
      name: payer!.name,
      address: payer!.address,
      vatNumber: stateVat ? buyerVat : undefined,
      legalName: payer!.name,
      registration: buyerRegistration,
    },
    buyerReference,
    orderReference: body.order_reference,
    vat: {
      category,
      percent: category === 'S' ? formatScaled(percent!, PERCENT_SCALE) : category === 'AE' ? '0' : undefined,
      ...(category === 'S' ? {} : EXEMPTIONS[category]),
    },
    amounts: { line: line!, vat, vatInTaxCurrency, total: line! + vat },
    delivery: { date: shipment.delivered_at.toISOString().slice(0, 10), address: data.delivery.address },
    payment: profile.iban ? { iban: profile.iban, bic: profile.bic } : undefined,
    paymentTermsDays: profile.payment_terms_days,
    line: {
      name: pickupCity ? `Road transport ${pickupCity} - ${deliveryCity}` : `Road transport to ${deliveryCity}`,
      description: `Carriage under consignment note ${shipment.id}${data.reference ? `, reference ${data.reference}` : ''}`,
    },
  };
}
