/**
 * The number (BT-1) of an invoice or credit note: the profile's prefix and the seller's gapless
 * counter, four digits at least. A Greek seller's document is numbered as the Greek rules of Peppol
 * BIS demand (GR-R-001): six segments split by `|`, the seller's TIN, the issue date as
 * DD/MM/YYYY, the installation (`0`, the head office, as myDATA numbers it), the Greek document
 * type (`2.1` an invoice for services, `5.1` a credit note that corrects an invoice), the series
 * (the prefix) and the counter.
 */
import type { InvoicingProfile } from './invoice.schema.js';
import { normalizeVatNumber, vatCountry } from './tax-identifiers.js';

/** The Greek document types of myDATA we issue: a freight invoice is a sale of services. */
const GREEK_DOCUMENT_TYPE = { invoice: '2.1', credit_note: '5.1' } as const;

export function documentNumber(profile: Pick<InvoicingProfile, 'invoice_number_prefix' | 'vat_number'>, seq: number, issueDate: string, kind: 'invoice' | 'credit_note'): string {
  const counter = String(seq).padStart(4, '0');
  if (vatCountry(profile.vat_number) !== 'GR') return `${profile.invoice_number_prefix}${counter}`;
  const [year, month, day] = issueDate.split('-');
  const tin = normalizeVatNumber(profile.vat_number).slice(2);
  return [tin, `${day}/${month}/${year}`, '0', GREEK_DOCUMENT_TYPE[kind], profile.invoice_number_prefix, counter].join('|');
}
