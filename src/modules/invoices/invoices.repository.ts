/** Queries on invoicing profiles, invoice counters and invoices; every one scoped by organisation and mode. */
import { sql } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { Database, Write } from '../../ports/database.js';
import { keysetWindow } from '../../ports/database-keyset.js';
import type { CreditNoteSummary, InvoiceSummary, InvoicingProfile } from './invoice.schema.js';
import { currentSummaryShape } from './invoice-summary.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export interface StoredProfile {
  profile: InvoicingProfile;
  updated_at: Date;
}

export async function selectProfile(db: Database, t: Tenant): Promise<StoredProfile | undefined> {
  const row = await db
    .selectFrom('invoicing_profiles')
    .select(['profile', 'updated_at'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .executeTakeFirst();
  return row ? { profile: row.profile as InvoicingProfile, updated_at: row.updated_at } : undefined;
}

export async function upsertProfile(db: Database, t: Tenant, profile: InvoicingProfile, now: Date): Promise<void> {
  await db
    .insertInto('invoicing_profiles')
    .values({ organization_id: t.organizationId, mode: t.mode, profile: JSON.stringify(profile), updated_at: now })
    .onConflict((oc) => oc.columns(['organization_id', 'mode']).doUpdateSet({ profile: JSON.stringify(profile), updated_at: now }))
    .execute();
}

/**
 * The next invoice number of the seller, taken inside the caller's transaction: the counter row
 * stays locked until it commits, and a rollback gives the number back, so numbers have no gaps.
 */
export async function nextInvoiceSeq(trx: Database, t: Tenant): Promise<number> {
  const row = await trx
    .insertInto('invoice_counters')
    .values({ organization_id: t.organizationId, mode: t.mode, last_number: 1 })
    .onConflict((oc) => oc.columns(['organization_id', 'mode']).doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export interface InvoiceRow {
  id: string;
  organization_id: string;
  mode: Mode;
  shipment_id: string;
  seq: number;
  number: string;
  document_id: string;
  summary: InvoiceSummary;
  /** The stored facts (stored-facts.ts), as JSON text on insert; null for invoices issued before they were kept. */
  facts: unknown;
  created_at: Date;
}

export function insertInvoiceWrite(db: Database, row: InvoiceRow): Write {
  return db.insertInto('invoices').values({ ...row, summary: JSON.stringify(row.summary), facts: row.facts as string });
}

export interface CreditNoteRow {
  id: string;
  organization_id: string;
  mode: Mode;
  invoice_id: string;
  shipment_id: string;
  seq: number;
  number: string;
  document_id: string;
  summary: CreditNoteSummary;
  created_at: Date;
}

export function insertCreditNoteWrite(db: Database, row: CreditNoteRow): Write {
  return db.insertInto('credit_notes').values({ ...row, summary: JSON.stringify(row.summary) });
}

/** The credit notes of an invoice, oldest first. */
/** A page of an invoice's credit notes, oldest first (their ids are minted in order). */
export async function selectCreditNotePage(db: Database, t: Tenant, invoiceId: string, page: { after?: string; limit?: number }): Promise<{ id: string; summary: CreditNoteSummary }[]> {
  const query = db.selectFrom('credit_notes').select(['id', 'summary']).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).where('invoice_id', '=', invoiceId);
  const rows = await keysetWindow(query, 'id', { ...page, order: 'asc' }).execute();
  return rows.map((r) => ({ id: r.id, summary: r.summary as unknown as CreditNoteSummary }));
}

export async function selectCreditNotes(db: Database, t: Tenant, invoiceId: string): Promise<CreditNoteSummary[]> {
  const rows = await db
    .selectFrom('credit_notes')
    .select('summary')
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('invoice_id', '=', invoiceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.summary as unknown as CreditNoteSummary);
}

export async function selectInvoiceOfShipment(db: Database, t: Tenant, shipmentId: string): Promise<InvoiceRow | undefined> {
  const row = await db
    .selectFrom('invoices')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .executeTakeFirst();
  return row ? ({ ...row, mode: row.mode, summary: currentSummaryShape(row.summary as unknown as Parameters<typeof currentSummaryShape>[0]) } as InvoiceRow) : undefined;
}
