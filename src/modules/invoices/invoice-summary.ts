/** The JSON summaries of an invoice and of a credit note, made once when issued and stored with them. */
import { formatCents } from '../../core/money.js';
import type { DocumentRow } from '../documents/documents.repository.js';
import type { InvoiceAmounts, InvoiceFacts } from './invoice-facts.js';
import type { DocumentAllowanceCharge, VatTreatment } from './invoice-lines.js';
import type { InvoiceSummary } from './invoice.schema.js';

export const vatView = (vat: VatTreatment) => ({
  category: vat.category,
  rate: vat.percent ?? null,
  exemption_reason: vat.exemptionReason ?? null,
  exemption_reason_code: vat.exemptionReasonCode ?? null,
});

export const allowanceChargeView = (ac: DocumentAllowanceCharge) => ({
  charge: ac.charge,
  amount: formatCents(ac.amount),
  reason: ac.reason,
  reason_code: ac.reasonCode ?? null,
  vat: vatView(ac.vat),
});

export const amountsView = (amounts: InvoiceAmounts) => ({
  line_extension: formatCents(amounts.lines),
  allowances: formatCents(amounts.allowances),
  charges: formatCents(amounts.charges),
  tax_exclusive: formatCents(amounts.taxExclusive),
  vat: formatCents(amounts.vat),
  vat_in_tax_currency: amounts.vatInTaxCurrency === undefined ? null : formatCents(amounts.vatInTaxCurrency),
  tax_inclusive: formatCents(amounts.total),
  payable: formatCents(amounts.total),
});

export function invoiceSummary(input: { id: string; shipmentId: string; number: string; issueDate: string; dueDate: string; facts: InvoiceFacts; document: DocumentRow; createdAt: Date }): InvoiceSummary {
  const { facts } = input;
  return {
    id: input.id,
    shipment_id: input.shipmentId,
    number: input.number,
    issue_date: input.issueDate,
    due_date: input.dueDate,
    currency: facts.currency,
    tax_currency: facts.taxCurrency ?? null,
    vat: vatView(facts.vat),
    lines: facts.lines.map((line, index) => ({ line: index + 1, kind: line.kind, name: line.name, amount: formatCents(line.amount), vat: vatView(line.vat) })),
    allowances_charges: facts.allowancesCharges.map(allowanceChargeView),
    amounts: amountsView(facts.amounts),
    seller: { name: facts.seller.legalName, vat_number: facts.seller.vatNumber ?? null, endpoint: facts.seller.endpoint },
    buyer: { role: facts.buyer.role, name: facts.buyer.legalName, vat_number: facts.buyer.vatNumber ?? null, endpoint: facts.buyer.endpoint },
    on_behalf_of: facts.onBehalfOf ? { name: facts.onBehalfOf.name, vat_number: facts.onBehalfOf.vatNumber ?? null } : null,
    buyer_reference: facts.buyerReference ?? null,
    order_reference: facts.orderReference ?? null,
    document: { id: input.document.id, sha256: input.document.sha256, size: input.document.size },
    created_at: input.createdAt.toISOString(),
  };
}

type StoredLine = Omit<InvoiceSummary['lines'][number], 'line' | 'name'> & Partial<Pick<InvoiceSummary['lines'][number], 'line' | 'name'>>;
type StoredSummary = Omit<InvoiceSummary, 'lines' | 'on_behalf_of' | 'allowances_charges' | 'amounts'> & {
  lines?: StoredLine[];
  on_behalf_of?: InvoiceSummary['on_behalf_of'];
  allowances_charges?: InvoiceSummary['allowances_charges'];
  amounts: Omit<InvoiceSummary['amounts'], 'allowances' | 'charges'> & Partial<InvoiceSummary['amounts']>;
};

const LEGACY_LINE_NAMES: Record<string, string> = { carriage: 'Road transport', cash_on_delivery: 'Cash on delivery' };

/**
 * A stored summary in today's shape. Invoices issued before `lines` and `on_behalf_of` existed had
 * one line, the carriage, and their seller was the carrier itself; before document-level
 * allowances and charges existed they had none: that is what they are given.
 */
export function currentSummaryShape(stored: StoredSummary): InvoiceSummary {
  const lines = stored.lines ?? [{ kind: 'carriage', amount: stored.amounts.line_extension, vat: stored.vat }];
  return {
    ...stored,
    lines: lines.map((line, index) => ({ ...line, line: line.line ?? index + 1, name: line.name ?? LEGACY_LINE_NAMES[line.kind] ?? line.kind })),
    allowances_charges: stored.allowances_charges ?? [],
    amounts: { ...stored.amounts, allowances: stored.amounts.allowances ?? '0.00', charges: stored.amounts.charges ?? '0.00' },
    on_behalf_of: stored.on_behalf_of ?? null,
  };
}
