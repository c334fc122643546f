/**
 * The Swedish and Danish rules of Peppol BIS Billing 3.0 that depend on what a request or a
 * shipment gives, not on the profile alone: a Swedish seller's standard-rated VAT is 25, 12 or 6 %
 * (SE-R-006), and a Danish seller names a non-VAT tax of a Danish buyer (allowance or charge reason
 * code `ZZZ`) by its four-digit tax category or a text with `#` inside (DK-R-004).
 */
import type { ChargeVat } from '../shipments/shipment-input.schema.js';
import type { IssueInvoice } from './invoice.schema.js';
import type { MissingFacts } from './missing-facts.js';
import { SWEDISH_VAT_RATES } from './tax-identifiers.js';

/** Adds each standard rate a Swedish seller's invoice would state that is not 25, 12 or 6 %. */
export function swedishRateFindings(standardPercent: string | undefined, standardUsed: boolean, given: { path: string; vat?: ChargeVat }[], missing: MissingFacts): void {
  const why = 'a Swedish seller\'s standard-rated VAT of 25, 12 or 6 % (SE-R-006)';
  if (standardUsed && standardPercent !== undefined && !SWEDISH_VAT_RATES.has(Number(standardPercent))) missing.add('vat_rate', why, 'mismatch');
  for (const { path, vat } of given) {
    if (vat?.category === 'S' && vat.rate !== undefined && !SWEDISH_VAT_RATES.has(Number(vat.rate))) missing.add(`${path}.rate`, why, 'mismatch');
  }
}

/** DK-R-004: a reason of four digits (0000 to 9999), or with a `#` neither first nor last. */
function isDanishTaxReason(reason: string): boolean {
  const r = reason.trim();
  return /^\d{4}$/.test(r) || (r.includes('#') && !r.startsWith('#') && !r.endsWith('#'));
}

/** Adds each allowance or charge of a Danish seller to a Danish buyer coded `ZZZ` whose reason DK-R-004 refuses. */
export function danishAllowanceFindings(allowancesCharges: IssueInvoice['allowances_charges'], missing: MissingFacts): void {
  (allowancesCharges ?? []).forEach((ac, index) => {
    if (ac.reason_code === 'ZZZ' && !isDanishTaxReason(ac.reason)) {
      missing.add(`allowances_charges[${index}].reason`, 'the Danish tax category of a non-VAT tax (reason code ZZZ): four digits, or a text with # inside, such as `0012#Energiafgift` (DK-R-004)', 'mismatch');
    }
  });
}
