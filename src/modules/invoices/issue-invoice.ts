/**
 * Issues the e-invoice of a delivered shipment, once: the facts are gathered and checked
 * (`invoice_incomplete`), the seller's next number is taken from its counter, the UBL XML is built
 * and stored, and the invoice row, its document (kind `invoice`), the `invoice.issued` event in the
 * shipment's chain and the storage meter commit in one transaction with the counter — so numbers
 * have no gaps, and bytes stored for a rolled-back issue are never referenced. The shipment row is
 * locked first, so two concurrent requests for one shipment give one invoice; the second gets the
 * first's (`created: false`).
 */
import { createHash } from 'node:crypto';
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, type Database } from '../../ports/database.js';
import { documentObjectKey } from '../documents/document-keys.js';
import { insertDocumentWrite, selectCurrentNote, type DocumentRow } from '../documents/documents.repository.js';
import { findShipment } from '../shipments/get-shipment.js';
import { recordShipmentChange } from '../shipments/record-shipment-change.js';
import { usageWrite } from '../usage/record-usage.js';
import { parseScaled, RATE_SCALE } from '../../core/money.js';
import { endpointFindings } from './check-invoicing-profile.js';
import { documentNumber } from './document-number.js';
import { invoiceFacts } from './invoice-facts.js';
import type { InvoiceSummary, IssueInvoice } from './invoice.schema.js';
import { invoiceSummary } from './invoice-summary.js';
import { insertInvoiceWrite, nextInvoiceSeq, selectInvoiceOfShipment, selectProfile, type InvoiceRow } from './invoices.repository.js';
import { factsToJson } from './stored-facts.js';
import { buildUblInvoice } from './ubl-invoice.js';

const DAY_MS = 86_400_000;

/** What the body's schema cannot say: an endpoint the Peppol rules accept, a rate above zero (BR-55: the two VAT totals share a sign). */
function checkIssueBody(body: IssueInvoice): void {
  const findings = body.buyer_endpoint ? endpointFindings(body.buyer_endpoint, 'buyer_endpoint') : [];
  if (body.tax_currency_rate !== undefined && parseScaled(body.tax_currency_rate, RATE_SCALE)! <= 0n) {
    findings.push({ path: '$.tax_currency_rate', code: 'invalid', message: 'An exchange rate above zero.' });
  }
  if (findings.length > 0) throw new AppError('validation_failed', 'The body does not validate; see errors.', { errors: findings });
}

/**
 * Raises `not_found`, `invoice_not_available` (not delivered yet) and `invoice_incomplete`; an
 * invoice already issued is returned as it is, whatever the body says now.
 */
export async function issueInvoice(ctx: TenantContext, shipmentId: string, body: IssueInvoice): Promise<{ invoice: InvoiceSummary; created: boolean }> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (trx: Database) => {
    const shipment = await findShipment(trx, ctx, shipmentId, { forUpdate: true });
    const existing = await selectInvoiceOfShipment(trx, ctx, shipment.id);
    if (existing) return { invoice: existing.summary, created: false };
    if (shipment.status !== 'delivered') throw new AppError('invoice_not_available', `Shipment ${shipment.id} is ${shipment.status}: it is invoiced once delivered.`);
    checkIssueBody(body);
    const stored = await selectProfile(trx, ctx);
    if (!stored) throw new AppError('invoice_incomplete', 'The invoice needs: invoicing_profile (the seller\'s legal name, VAT number, Peppol endpoint…: PUT /v1/invoicing-profile).', { errors: [{ path: '$.invoicing_profile', code: 'missing', message: 'PUT /v1/invoicing-profile first' }] });
    const profile = stored.profile;
    const facts = invoiceFacts(shipment, profile, body);
    const note = await selectCurrentNote(trx, ctx, shipment.id);
    if (!note) throw new Error(`shipment ${shipment.id} is delivered but has no consignment note`);

    const seq = await nextInvoiceSeq(trx, ctx);
    const issueDate = now.toISOString().slice(0, 10);
    const number = documentNumber(profile, seq, issueDate, 'invoice');
    const dueDate = new Date(Date.parse(issueDate) + profile.payment_terms_days * DAY_MS).toISOString().slice(0, 10);
    const xml = buildUblInvoice(facts, { number, issueDate, dueDate, shipmentId: shipment.id, shipmentReference: shipment.reference ?? undefined, noteDocumentId: note.id, mark: body.mark });

    const id = newId('invoice', now);
    const documentId = newId('document', now);
    const key = documentObjectKey(ctx, shipment.id, documentId, 'xml');
    await ctx.objects.put(key, xml, { contentType: 'application/xml' });
    const sha256 = createHash('sha256').update(xml).digest('hex');
    let row: InvoiceRow | undefined;
    await recordShipmentChange(
      trx,
      ctx,
      shipment,
      {},
      [{ type: 'invoice.issued', status: shipment.status, fields: { invoice_id: id, number, document_id: documentId, sha256 } }],
      now,
      async (_changed, [issued]) => {
        const document: DocumentRow = {
          id: documentId,
          organization_id: ctx.organizationId,
          mode: ctx.mode,
          shipment_id: shipment.id,
          kind: 'invoice',
          version: 1,
          content_type: 'application/xml',
          size: xml.length,
          sha256,
          filename: `invoice-${number.replace(/[^A-Za-z0-9._-]/g, '_')}.xml`,
          object_key: key,
          cause_event_id: issued!.event_id,
          cause_event_type: issued!.type,
          language: null,
          created_at: now,
          deleted_at: null,
        };
        const summary = invoiceSummary({ id, shipmentId: shipment.id, number, issueDate, dueDate, facts, document, createdAt: now });
        row = { id, organization_id: ctx.organizationId, mode: ctx.mode, shipment_id: shipment.id, seq, number, document_id: documentId, summary, facts: factsToJson(facts), created_at: now };
        return [insertDocumentWrite(trx, document), insertInvoiceWrite(trx, row), usageWrite(trx, ctx, 'storage_bytes', now, xml.length)];
      },
    );
    return { invoice: row!.summary, created: true };
  });
}
