/** Reads the issued invoice of a shipment and its credit notes: their summaries, or the UBL bytes as stored; refuses changes to an issued invoice. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { selectDocument } from '../documents/documents.repository.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { CreditNoteSummary, InvoiceSummary } from './invoice.schema.js';
import { selectCreditNotes, selectInvoiceOfShipment } from './invoices.repository.js';

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
