/**
 * Is the shipment's carrier the invoicing profile's company? The seller of an invoice is always
 * the profile's company; a carrier that is another company must not lend it its name or address:
 * that would name two sellers in one document.
 *
 * The comparison, chosen to hold for one company written two ways and to fail for two companies:
 * - VAT numbers, when the carrier states one, compared normalised (upper case, no spaces, dots or
 *   dashes): `nl 8567.12345.b01` is `NL856712345B01`.
 * - Names always: the carrier's name must be the profile's legal name or its trading name, compared
 *   without case, accents, punctuation, runs of white space and a trailing legal form, so
 *   `Van den Berg Transport` is `VAN DEN BERG TRANSPORT B.V.` and `Transportes Ibéricos, S.L.` is
 *   `transportes ibericos`. Nothing fuzzier: a different word is a different company.
 */
import type { Party } from '../shipments/shipment-input.schema.js';
import type { InvoicingProfile } from './invoice.schema.js';
import { normalizeVatNumber } from './tax-identifiers.js';

/**
 * Legal forms of European companies as they end a name, after dots and slashes are dropped and
 * the rest is split into lower-case words (`B.V.` → `bv`, `A/S` → `as`, `Sp. z o.o.` → `sp z oo`).
 * Removed one word at a time from the end, so `GmbH & Co. KG` loses `kg`, `co` and `gmbh`.
 */
const LEGAL_FORM_WORDS: ReadonlySet<string> = new Set([
  'bv', 'nv', 'vof', 'cv', 'bvba', 'bba', 'srl', 'sprl', 'sa', 'sas', 'sasu', 'sarl', 'eurl', 'snc', 'sca',
  'gmbh', 'ag', 'kg', 'kgaa', 'ohg', 'ug', 'haftungsbeschrankt', 'co', 'ek', 'ev', 'se', 'mbh',
  'sl', 'slu', 'sll', 'spa', 'sapa', 'scarl', 'lda', 'unipessoal',
  'ltd', 'limited', 'plc', 'llp', 'llc', 'inc', 'corp',
  'oy', 'oyj', 'ab', 'publ', 'as', 'asa', 'aps', 'ivs', 'hf', 'ehf',
  'sp', 'z', 'oo', 'sro', 'spol', 'kft', 'zrt', 'nyrt', 'bt', 'doo', 'dd', 'ad', 'ood', 'eood', 'ou', 'uab', 'sia', 'ae', 'epe', 'ike',
]);

/** The name as compared: case, accents, punctuation, spacing and a trailing legal form removed. */
export function companyNameKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[./]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  // A name that is nothing but a legal form keeps its last word: it is still a name.
  while (words.length > 1 && LEGAL_FORM_WORDS.has(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

export interface CarrierDifference {
  /** The carrier's field that names another company: `carrier.vat_number` or `carrier.name`. */
  path: 'carrier.vat_number' | 'carrier.name';
  message: string;
}

/** How the carrier differs from the profile's company; empty when it is that company. */
export function carrierDifferences(carrier: Party, profile: InvoicingProfile): CarrierDifference[] {
  const differences: CarrierDifference[] = [];
  if (carrier.vat_number !== undefined && normalizeVatNumber(carrier.vat_number) !== profile.vat_number) {
    differences.push({ path: 'carrier.vat_number', message: `the carrier's VAT number ${normalizeVatNumber(carrier.vat_number)} is not the seller's ${profile.vat_number}` });
  }
  const key = companyNameKey(carrier.name);
  const sellerNames = [profile.legal_name, profile.trading_name].filter((n): n is string => n !== undefined);
  if (!sellerNames.some((name) => companyNameKey(name) === key)) {
    differences.push({ path: 'carrier.name', message: `the carrier ${carrier.name} is not the seller ${sellerNames.join(' / ')}` });
  }
  return differences;
}
