/** The JSON summary of an invoice, made once when it is issued and stored with it. */
import { formatCents } from '../../core/money.js';
import type { DocumentRow } from '../documents/documents.repository.js';
import type { InvoiceFacts } from './invoice-facts.js';
import type { InvoiceSummary } from './invoice.schema.js';

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
    vat: {
      category: facts.vat.category,
      rate: facts.vat.percent ?? null,
      exemption_reason: facts.vat.exemptionReason ?? null,
      exemption_reason_code: facts.vat.exemptionReasonCode ?? null,
    },
    amounts: {
      line_extension: formatCents(facts.amounts.line),
      tax_exclusive: formatCents(facts.amounts.line),
      vat: formatCents(facts.amounts.vat),
      vat_in_tax_currency: facts.amounts.vatInTaxCurrency === undefined ? null : formatCents(facts.amounts.vatInTaxCurrency),
      tax_inclusive: formatCents(facts.amounts.total),
      payable: formatCents(facts.amounts.total),
    },
    seller: { name: facts.seller.legalName, vat_number: facts.seller.vatNumber ?? null, endpoint: facts.seller.endpoint },
    buyer: { role: facts.buyer.role, name: facts.buyer.legalName, vat_number: facts.buyer.vatNumber ?? null, endpoint: facts.buyer.endpoint },
    buyer_reference: facts.buyerReference ?? null,
    order_reference: facts.orderReference ?? null,
    document: { id: input.document.id, sha256: input.document.sha256, size: input.document.size },
    created_at: input.createdAt.toISOString(),
  };
}
