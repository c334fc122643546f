/** The JSON summary of an invoice, made once when it is issued and stored with it. */
import { formatCents } from '../../core/money.js';
import type { DocumentRow } from '../documents/documents.repository.js';
import type { InvoiceFacts } from './invoice-facts.js';
import type { VatTreatment } from './invoice-lines.js';
import type { InvoiceSummary } from './invoice.schema.js';

const vatView = <C extends string>(vat: VatTreatment & { category: C }) => ({
  category: vat.category,
  rate: vat.percent ?? null,
  exemption_reason: vat.exemptionReason ?? null,
  exemption_reason_code: vat.exemptionReasonCode ?? null,
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
    lines: facts.lines.map((line) => ({ kind: line.kind, amount: formatCents(line.amount), vat: vatView(line.vat) })),
    amounts: {
      line_extension: formatCents(facts.amounts.lines),
      tax_exclusive: formatCents(facts.amounts.lines),
      vat: formatCents(facts.amounts.vat),
      vat_in_tax_currency: facts.amounts.vatInTaxCurrency === undefined ? null : formatCents(facts.amounts.vatInTaxCurrency),
      tax_inclusive: formatCents(facts.amounts.total),
      payable: formatCents(facts.amounts.total),
    },
    seller: { name: facts.seller.legalName, vat_number: facts.seller.vatNumber ?? null, endpoint: facts.seller.endpoint },
    buyer: { role: facts.buyer.role, name: facts.buyer.legalName, vat_number: facts.buyer.vatNumber ?? null, endpoint: facts.buyer.endpoint },
    on_behalf_of: facts.onBehalfOf ? { name: facts.onBehalfOf.name, vat_number: facts.onBehalfOf.vatNumber ?? null } : null,
    buyer_reference: facts.buyerReference ?? null,
    order_reference: facts.orderReference ?? null,
    document: { id: input.document.id, sha256: input.document.sha256, size: input.document.size },
    created_at: input.createdAt.toISOString(),
  };
}

/**
 * A stored summary in today's shape. Invoices issued before `lines` and `on_behalf_of` existed had
 * one line, the carriage, and their seller was the carrier itself: that is what they are given.
 */
export function currentSummaryShape(stored: Omit<InvoiceSummary, 'lines' | 'on_behalf_of'> & Partial<InvoiceSummary>): InvoiceSummary {
  return {
    ...stored,
    lines: stored.lines ?? [{ kind: 'carriage', amount: stored.amounts.line_extension, vat: stored.vat }],
    on_behalf_of: stored.on_behalf_of ?? null,
  };
}
