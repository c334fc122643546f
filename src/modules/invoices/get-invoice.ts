/** Reads the issued invoice of a shipment: its summary, or the UBL bytes as stored. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { selectDocument } from '../documents/documents.repository.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { InvoiceSummary } from './invoice.schema.js';
import { selectInvoiceOfShipment } from './invoices.repository.js';

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
