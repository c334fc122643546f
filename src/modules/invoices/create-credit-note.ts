/**
 * Corrects an issued invoice the one way the law and EN 16931 allow: a credit note (UBL
 * `CreditNote`, type 381) that refers to it (BT-25, BT-26 in `BillingReference`). It credits the
 * whole of what is not credited yet, document-level allowances and charges included, or the
 * amounts of some lines; it states the parties, VAT and currency the invoice stated (its stored
 * facts), never what the profile or the shipment say now. Numbered from the seller's invoice
 * counter, stored as a document of kind `invoice`, recorded as `invoice.credited` in the chain, in
 * one transaction with the counter like an invoice (issue-invoice.ts).
 */
import { createHash } from 'node:crypto';
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { Finding } from '../../core/findings.js';
import { newId } from '../../core/ids.js';
import { convertCents, formatCents, parseCents, parseScaled, RATE_SCALE } from '../../core/money.js';
import { withTransaction, type Database } from '../../ports/database.js';
import { documentObjectKey } from '../documents/document-keys.js';
import { insertDocumentWrite, selectCurrentNote, type DocumentRow } from '../documents/documents.repository.js';
import { findShipment } from '../shipments/get-shipment.js';
import { recordShipmentChange } from '../shipments/record-shipment-change.js';
import { usageWrite } from '../usage/record-usage.js';
import { documentNumber } from './document-number.js';
import type { InvoiceFacts } from './invoice-facts.js';
import { invoiceTotals, vatBreakdown, type InvoiceLine } from './invoice-lines.js';
import type { CreateCreditNote, CreditNoteSummary } from './invoice.schema.js';
import { allowanceChargeView, amountsView, vatView } from './invoice-summary.js';
import { insertCreditNoteWrite, nextInvoiceSeq, selectCreditNotes, selectInvoiceOfShipment, selectProfile, type CreditNoteRow } from './invoices.repository.js';
import { greekMarkMissing } from './greek-rules.js';
import { MissingFacts } from './missing-facts.js';
import { factsFromJson } from './stored-facts.js';
import { buildUblCreditNote } from './ubl-invoice.js';

interface CreditedLine extends InvoiceLine {
  invoiceLine: number;
}

/** What of each invoice line the earlier credit notes credited, in cents by line number; and whether they reversed the allowances and charges. */
function creditedBefore(previous: readonly CreditNoteSummary[]): { lines: Map<number, bigint>; allowancesCharges: boolean } {
  const lines = new Map<number, bigint>();
  for (const note of previous) {
    for (const line of note.lines) lines.set(line.invoice_line, (lines.get(line.invoice_line) ?? 0n) + parseCents(line.amount)!);
  }
  return { lines, allowancesCharges: previous.some((note) => note.allowances_charges.length > 0) };
}

/** The lines of the credit note, or 422 `validation_failed` naming each line that cannot be credited so. */
function creditedLines(facts: InvoiceFacts, body: CreateCreditNote, before: ReturnType<typeof creditedBefore>): CreditedLine[] {
  const remaining = (line: number) => facts.lines[line - 1]!.amount - (before.lines.get(line) ?? 0n);
  if (!body.lines) {
    return facts.lines.map((line, index) => ({ ...line, invoiceLine: index + 1, amount: remaining(index + 1) })).filter((line) => line.amount > 0n);
  }
  const findings: Finding[] = [];
  const seen = new Set<number>();
  const lines: CreditedLine[] = [];
  body.lines.forEach((asked, index) => {
    const invoiceLine = facts.lines[asked.line - 1];
    const amount = parseCents(asked.amount)!;
    if (!invoiceLine) findings.push({ path: `$.lines[${index}].line`, code: 'invalid', message: `The invoice has lines 1 to ${facts.lines.length}.` });
    else if (seen.has(asked.line)) findings.push({ path: `$.lines[${index}].line`, code: 'invalid', message: `Line ${asked.line} is named twice.` });
    else if (amount <= 0n) findings.push({ path: `$.lines[${index}].amount`, code: 'invalid', message: 'An amount above zero.' });
    else if (amount > remaining(asked.line)) findings.push({ path: `$.lines[${index}].amount`, code: 'invalid', message: `At most ${formatCents(remaining(asked.line))} of line ${asked.line} is not credited yet.` });
    else lines.push({ ...invoiceLine, invoiceLine: asked.line, amount });
    seen.add(asked.line);
  });
  if (findings.length > 0) throw new AppError('validation_failed', 'The credit note does not fit the invoice; see errors.', { errors: findings });
  return lines;
}

/**
 * Raises `not_found`, `invoice_not_available` (no invoice issued), `validation_failed` (a line
 * not on the invoice, more than is left to credit, nothing left at all) and `invoice_incomplete`
 * (a Greek seller's credit note without its MARK).
 */
export async function createCreditNote(ctx: TenantContext, shipmentId: string, body: CreateCreditNote): Promise<CreditNoteSummary> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (trx: Database) => {
    const shipment = await findShipment(trx, ctx, shipmentId, { forUpdate: true });
    const invoice = await selectInvoiceOfShipment(trx, ctx, shipment.id);
    if (!invoice) throw new AppError('invoice_not_available', `Shipment ${shipment.id} has no issued invoice to correct.`);
    if (invoice.facts === null || invoice.facts === undefined) {
      throw new AppError('conflict', `Invoice ${invoice.number} was issued before the service kept what invoices state: correct it with a credit note made in your accounting system.`);
    }
    const facts = factsFromJson(invoice.facts);
    const before = creditedBefore(await selectCreditNotes(trx, ctx, invoice.id));
    const lines = creditedLines(facts, body, before);
    const allowancesCharges = body.lines || before.allowancesCharges ? [] : facts.allowancesCharges;
    const breakdown = vatBreakdown(lines, allowancesCharges);
    const totals = invoiceTotals(lines, allowancesCharges, breakdown);
    if (totals.taxExclusive <= 0n) {
      throw new AppError('validation_failed', `Invoice ${invoice.number} has nothing left to credit.`, { errors: [{ path: '$.lines', code: 'invalid', message: 'Everything of the invoice is credited already.' }] });
    }
    let vatInTaxCurrency: bigint | undefined;
    if (facts.taxCurrency) vatInTaxCurrency = totals.vat === 0n || !facts.taxCurrencyRate ? 0n : convertCents(totals.vat, parseScaled(facts.taxCurrencyRate, RATE_SCALE)!);
    const credited: InvoiceFacts = { ...facts, lines, allowancesCharges, breakdown, amounts: { ...totals, vatInTaxCurrency } };

    const note = await selectCurrentNote(trx, ctx, shipment.id);
    const profile = await selectProfile(trx, ctx);
    if (!note || !profile) throw new Error(`shipment ${shipment.id} is invoiced but has no consignment note or invoicing profile`);
    const missing = new MissingFacts();
    greekMarkMissing(profile.profile, body.mark, 'credit note', missing);
    missing.check();
    const seq = await nextInvoiceSeq(trx, ctx);
    const issueDate = now.toISOString().slice(0, 10);
    const number = documentNumber(profile.profile, seq, issueDate, 'credit_note');
    const xml = buildUblCreditNote(credited, {
      number,
      issueDate,
      shipmentId: shipment.id,
      shipmentReference: shipment.reference ?? undefined,
      noteDocumentId: note.id,
      mark: body.mark,
      invoiceNumber: invoice.number,
      invoiceIssueDate: invoice.summary.issue_date,
      reason: body.reason,
      invoiceLines: lines.map((l) => l.invoiceLine),
    });

    const id = newId('credit_note', now);
    const documentId = newId('document', now);
    const key = documentObjectKey(ctx, shipment.id, documentId, 'xml');
    await ctx.objects.put(key, xml, { contentType: 'application/xml' });
    const sha256 = createHash('sha256').update(xml).digest('hex');
    let row: CreditNoteRow | undefined;
    await recordShipmentChange(
      trx,
      ctx,
      shipment,
      {},
      [{ type: 'invoice.credited', status: shipment.status, fields: { credit_note_id: id, invoice_id: invoice.id, number, document_id: documentId, sha256 } }],
      now,
      async (_changed, [credit]) => {
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
          filename: `credit-note-${number.replace(/[^A-Za-z0-9._-]/g, '_')}.xml`,
          object_key: key,
          cause_event_id: credit!.event_id,
          cause_event_type: credit!.type,
          language: null,
          created_at: now,
          deleted_at: null,
        };
        const summary: CreditNoteSummary = {
          id,
          invoice_id: invoice.id,
          shipment_id: shipment.id,
          number,
          issue_date: issueDate,
          invoice_number: invoice.number,
          invoice_issue_date: invoice.summary.issue_date,
          reason: body.reason,
          whole: !body.lines,
          currency: facts.currency,
          lines: lines.map((line, index) => ({ line: index + 1, invoice_line: line.invoiceLine, kind: line.kind, name: line.name, amount: formatCents(line.amount), vat: vatView(line.vat) })),
          allowances_charges: allowancesCharges.map(allowanceChargeView),
          amounts: amountsView(credited.amounts),
          document: { id: documentId, sha256, size: xml.length },
          created_at: now.toISOString(),
        };
        row = { id, organization_id: ctx.organizationId, mode: ctx.mode, invoice_id: invoice.id, shipment_id: shipment.id, seq, number, document_id: documentId, summary, created_at: now };
        return [insertDocumentWrite(trx, document), insertCreditNoteWrite(trx, row), usageWrite(trx, ctx, 'storage_bytes', now, xml.length)];
      },
    );
    return row!.summary;
  });
}
