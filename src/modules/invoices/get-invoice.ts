/** Reads the issued invoice of a shipment and its credit notes: their summaries, or the UBL bytes as stored; refuses changes to an issued invoice. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { selectDocument } from '../documents/documents.repository.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { CreditNoteSummary, InvoiceSummary } from './invoice.schema.js';
import { selectCreditNotePage, selectCreditNotes, selectInvoiceOfShipment } from './invoices.repository.js';
import { listPage, type Page } from '../../core/pagination.js';
import { parseCents } from '../../core/money.js';
import { invoiceTotals, vatBreakdown } from './invoice-lines.js';
import type { InvoiceFacts } from './invoice-facts.js';
import type { InvoicePdfHeader } from './invoice-pdf.js';
import { renderSealedPdf } from '../documents/rendering/render-sealed-pdf.js';
import { factsFromJson } from './stored-facts.js';

/** Raises `not_found` and `invoice_not_available` (not delivered, or delivered but not invoiced yet). */
export async function getInvoice(ctx: TenantContext, shipmentId: string): Promise<InvoiceSummary> {
  const shipment = await findShipment(ctx.db, ctx, shipmentId);
  const invoice = await selectInvoiceOfShipment(ctx.db, ctx, shipment.id);
  if (!invoice) {
    const why = shipment.status === 'delivered' ? 'has no invoice yet: POST /v1/shipments/{id}/invoice issues it' : `is ${shipment.status}: it is invoiced once delivered`;
    throw new AppError('invoice_not_available', `Shipment ${shipment.id} ${why}.`);
  }
  return invoice.summary;
}

/** The UBL XML of the issued invoice, byte for byte as issued. */
export async function getInvoiceXml(ctx: TenantContext, shipmentId: string): Promise<{ summary: InvoiceSummary; xml: Buffer }> {
  const summary = await getInvoice(ctx, shipmentId);
  const document = await selectDocument(ctx.db, ctx, summary.document.id);
  const stored = document ? await ctx.objects.get(document.object_key) : undefined;
  if (!stored) throw new Error(`invoice ${summary.id}: document ${summary.document.id} is missing`);
  return { summary, xml: stored.body };
}

/** The credit notes of the shipment's invoice, oldest first; `invoice_not_available` without an invoice. */
export async function listCreditNotes(ctx: TenantContext, shipmentId: string): Promise<CreditNoteSummary[]> {
  const invoice = await getInvoice(ctx, shipmentId);
  return selectCreditNotes(ctx.db, ctx, invoice.id);
}

/**
 * GET …/invoice/credit-notes: a page of them, oldest first. Before the invoice is issued the list
 * is empty, as a shipment's signatures are before anyone signed; raises `not_found` and `invalid_cursor`.
 */
export async function listCreditNotePage(ctx: TenantContext, shipmentId: string, query: { limit?: number; cursor?: string }): Promise<Page<CreditNoteSummary>> {
  const shipment = await findShipment(ctx.db, ctx, shipmentId);
  const invoice = await selectInvoiceOfShipment(ctx.db, ctx, shipment.id);
  return listPage(ctx, `credit_notes:${shipment.id}`, { ...query, order: 'asc' }, (window) => (invoice ? selectCreditNotePage(ctx.db, ctx, invoice.id, window) : Promise.resolve([])), (row) => row.summary);
}

/** One credit note of the shipment's invoice, with its UBL bytes when asked; `not_found` for another's. */
export async function getCreditNote(ctx: TenantContext, shipmentId: string, creditNoteId: string, withXml: boolean): Promise<{ summary: CreditNoteSummary; xml?: Buffer }> {
  const summary = (await listCreditNotes(ctx, shipmentId)).find((note) => note.id === creditNoteId);
  if (!summary) throw new AppError('not_found', `No credit note ${creditNoteId} of the invoice of shipment ${shipmentId}.`);
  if (!withXml) return { summary };
  const document = await selectDocument(ctx.db, ctx, summary.document.id);
  const stored = document ? await ctx.objects.get(document.object_key) : undefined;
  if (!stored) throw new Error(`credit note ${summary.id}: document ${summary.document.id} is missing`);
  return { summary, xml: stored.body };
}

/** Any change of an issued invoice but a credit note: 409 `invoice_immutable` (`invoice_not_available` before it is issued). */
export async function refuseInvoiceChange(ctx: TenantContext, shipmentId: string): Promise<never> {
  const invoice = await getInvoice(ctx, shipmentId);
  throw new AppError('invoice_immutable', `Invoice ${invoice.number} is issued and cannot change: correct it with a credit note, POST /v1/shipments/${invoice.shipment_id}/invoice/credit-notes.`);
}

/** The PDF view of the invoice, or of one of its credit notes (invoice-pdf.ts), from what the invoice stated. */
export async function getInvoicePdf(ctx: TenantContext, shipmentId: string, creditNoteId?: string): Promise<{ number: string; pdf: Buffer }> {
  const shipment = await findShipment(ctx.db, ctx, shipmentId);
  const invoice = await selectInvoiceOfShipment(ctx.db, ctx, shipment.id);
  if (!invoice) return getInvoice(ctx, shipmentId).then(() => { throw new Error('unreachable'); });
  if (invoice.facts === null || invoice.facts === undefined) throw new AppError('conflict', `Invoice ${invoice.number} was issued before the service kept what invoices state: it has its XML only.`);
  const facts = factsFromJson(invoice.facts);
  if (!creditNoteId) {
    return { number: invoice.number, pdf: await invoiceView(ctx, facts, { title: 'Invoice', number: invoice.number, issueDate: invoice.summary.issue_date, dueDate: invoice.summary.due_date }) };
  }
  const { summary } = await getCreditNote(ctx, shipmentId, creditNoteId, false);
  const lines = summary.lines.map((l) => ({ ...facts.lines[l.invoice_line - 1]!, amount: parseCents(l.amount)! }));
  const allowancesCharges = summary.allowances_charges.length > 0 ? facts.allowancesCharges : [];
  const breakdown = vatBreakdown(lines, allowancesCharges);
  const totals = invoiceTotals(lines, allowancesCharges, breakdown);
  const credited = { ...facts, lines, allowancesCharges, breakdown, amounts: { ...totals } };
  const pdf = await invoiceView(ctx, credited, { title: 'Credit note', number: summary.number, issueDate: summary.issue_date, corrects: { number: summary.invoice_number, issueDate: summary.invoice_issue_date, reason: summary.reason } });
  return { number: summary.number, pdf };
}

/** The view is drawn in the render threads, as every PDF is: tens of milliseconds of CPU stay off the event loop. */
async function invoiceView(ctx: TenantContext, facts: InvoiceFacts, header: InvoicePdfHeader): Promise<Buffer> {
  const { body } = await renderSealedPdf(ctx, { kind: 'invoice_view', facts, header }, `The PDF view of ${header.title.toLowerCase()} ${header.number} could not be rendered; the XML is unchanged. Try again.`);
  return body;
}
