/**
 * The seller of an invoice: the invoicing profile's company, in every element of BG-4.
 *
 * What the profile holds is stated as it is: legal name (BT-27), trading name (BT-28, the legal
 * name when it has none), VAT number, registration, endpoint. The postal address (BG-5) is the
 * profile's; a profile without one lends the address of the shipment's carrier only when that
 * carrier is the profile's company (carrier-identity.ts).
 *
 * A carrier that is another company is refused (`mismatch`) unless the request says the profile's
 * company invoices on its behalf (`on_behalf_of_carrier`). That company then acts in its own name
 * for another (VAT Directive art. 28, the commission structure): it is deemed to supply the
 * carriage itself, so it is the seller for VAT and in the document, and the carrier is named as a
 * fact, never as a party: in the invoice note (BT-22, the one note Peppol allows,
 * PEPPOL-EN16931-R002) and as an item attribute `Carrier` of the carriage line (BT-160/161).
 * Not the Seller tax representative (BG-11): that group is for a fiscal representative liable for
 * a foreign seller's VAT, which would make the carrier the seller (BG-4) and the profile's company
 * its representative, the opposite of the case. Not the Payee (BG-10): the seller is paid itself.
 */
import type { Address, Party } from '../shipments/shipment-input.schema.js';
import { carrierDifferences } from './carrier-identity.js';
import type { InvoicingProfile, PeppolEndpoint, SellerContact } from './invoice.schema.js';
import type { MissingFacts } from './missing-facts.js';
import { normalizeVatNumber, registrationScheme, vatCountry } from './tax-identifiers.js';

export interface InvoiceParty {
  endpoint: PeppolEndpoint;
  /** Trading name (BT-28 / BT-45). */
  name: string;
  address: Address;
  /** Stated VAT number; absent for category `O`. */
  vatNumber?: string;
  /** Tax registration other than VAT (BT-32), such as a Swedish seller's F-tax approval. */
  taxRegistration?: string;
  /** Registration name (BT-27 / BT-44). */
  legalName: string;
  registration?: { id: string; scheme?: string };
  /** The seller's contact (BG-6). */
  contact?: SellerContact;
}

/** The carrier an invoice is issued on behalf of, and the note (BT-22) that says so. */
export interface OnBehalfOf {
  name: string;
  vatNumber?: string;
  note: string;
}

/**
 * The seller, and the carrier when it is another company invoiced for; adds to `missing` a carrier
 * that is another company without `onBehalfOfCarrier`, and the address or postal code lacking.
 */
export function invoiceSeller(
  profile: InvoicingProfile,
  carrier: Party,
  options: { onBehalfOfCarrier: boolean; stateVat: boolean; germanDomestic?: boolean },
  missing: MissingFacts,
): { seller?: InvoiceParty; onBehalfOf?: OnBehalfOf } {
  const differences = carrierDifferences(carrier, profile);
  const isOwnCarrier = differences.length === 0;
  if (!isOwnCarrier && !options.onBehalfOfCarrier) {
    for (const d of differences) missing.add(d.path, `${d.message}: the seller is the invoicing profile's company; set on_behalf_of_carrier when it invoices on the carrier's behalf`, 'mismatch');
    return {};
  }
  const address = profile.address ?? (isOwnCarrier ? carrier.address : undefined);
  const addressPath = profile.address ? 'invoicing_profile.address' : 'carrier.address';
  const country = vatCountry(profile.vat_number);
  if (!address) missing.add('invoicing_profile.address', `the seller's postal address (BR-08): the carrier ${carrier.name} is another company`);
  else if (country === 'NL' && !address.postal_code) missing.add(`${addressPath}.postal_code`, 'the postal code of a Dutch seller (NL-R-002)');
  else if (options.germanDomestic && !address.postal_code) missing.add(`${addressPath}.postal_code`, 'the postal code of a German seller invoicing a German buyer (DE-R-004)');
  else if ((country === 'IT' || address.country === 'IT') && !address.postal_code) missing.add(`${addressPath}.postal_code`, 'the postal code of an Italian seller (IT-R-004)');
  const registration = registrationScheme(country);
  // A profile stored before its country's scheme was checked may hold a number the rules refuse.
  if (registration && !registration.check(profile.registration_number)) missing.add('invoicing_profile.registration_number', `${registration.name}: a seller registered for VAT in ${country} states it`, 'mismatch');
  if (options.germanDomestic && !profile.contact) missing.add('invoicing_profile.contact', 'the seller\'s contact name, telephone and e-mail: a German seller invoicing a German buyer states them (DE-R-002, DE-R-005 to DE-R-007)');
  if (!address) return {};

  const seller: InvoiceParty = {
    endpoint: profile.peppol_endpoint,
    name: profile.trading_name ?? profile.legal_name,
    address,
    vatNumber: options.stateVat ? profile.vat_number : undefined,
    legalName: profile.legal_name,
    taxRegistration: profile.tax_registration_id,
    registration: { id: profile.registration_number, scheme: registration?.scheme },
    contact: profile.contact,
  };
  if (isOwnCarrier) return { seller };
  const carrierVat = carrier.vat_number === undefined ? undefined : normalizeVatNumber(carrier.vat_number);
  const where = `${carrier.address.city}, ${carrier.address.country}`;
  const note = `Carriage performed by ${carrier.name}${carrierVat ? `, VAT ${carrierVat}` : ''}, ${where}; invoiced by ${profile.legal_name} in its own name on behalf of the carrier (VAT Directive 2006/112/EC art. 28).`;
  return { seller, onBehalfOf: { name: carrier.name, vatNumber: carrierVat, note } };
}
