/**
 * The Greek rules of Peppol BIS Billing 3.0 that are facts of the invoice rather than of the
 * profile (those are checked when it is stored): every document of a Greek seller carries the MARK
 * that myDATA, the Greek tax authority's register, gave it (GR-R-004-1, a positive integer,
 * GR-R-004-2); a Greek buyer of a Greek seller is named by its VAT number (GR-R-006) and reached at
 * its TIN in scheme 9933 (GR-R-010). The Greek rules need the seller's VAT number in the document
 * number (GR-R-001-2), which an invoice outside the scope of EU VAT must not state (BR-O-02): such an
 * invoice cannot hold both, and is refused.
 */
import type { InvoicingProfile, PeppolEndpoint } from './invoice.schema.js';
import type { MissingFacts } from './missing-facts.js';
import { isGreekTin, vatCountry } from './tax-identifiers.js';

/** The document description that marks an additional document reference as the MARK (GR-R-004-1). */
export const GREEK_MARK_DESCRIPTION = '##M.AR.K##';

export function isGreekSeller(profile: Pick<InvoicingProfile, 'vat_number'>): boolean {
  return vatCountry(profile.vat_number) === 'GR';
}

/** Adds the MARK a Greek seller's document lacks. */
export function greekMarkMissing(profile: Pick<InvoicingProfile, 'vat_number'>, mark: string | undefined, what: string, missing: MissingFacts): void {
  if (isGreekSeller(profile) && mark === undefined) missing.add('mark', `the MARK myDATA gave this ${what}: a Greek seller's documents carry it (Peppol GR-R-004-1)`);
}

/** Adds what a Greek seller's invoice lacks for its buyer: `category` is the carriage's VAT category. */
export function greekBuyerFindings(
  buyer: { role: string; country: string; vatNumber?: string; endpoint?: PeppolEndpoint },
  category: string,
  missing: MissingFacts,
): void {
  if (category === 'O') {
    missing.add(`${buyer.role}.address.country`, 'a buyer in the EU: a Greek seller\'s document number holds its VAT number (GR-R-001-2), which an invoice outside the scope of EU VAT must not state (BR-O-02)', 'mismatch');
    return;
  }
  if (buyer.country !== 'GR') return;
  if (!buyer.vatNumber || vatCountry(buyer.vatNumber) !== 'GR' || !isGreekTin(buyer.vatNumber.slice(2))) {
    missing.add(`${buyer.role}.vat_number`, 'the VAT number of a Greek buyer of a Greek seller: EL and a valid TIN (GR-R-006)');
  } else if (buyer.endpoint && buyer.endpoint.scheme !== '9933') {
    missing.add('buyer_endpoint', 'the Peppol address of a Greek buyer of a Greek seller: its TIN in scheme 9933 (GR-R-010)', 'mismatch');
  }
}
