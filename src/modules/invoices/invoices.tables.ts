/**
 * Row types of the invoices module: the Kysely view of its tables, beside the code that queries
 * them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Json, Timestamp } from '../../ports/database-columns.js';
import type { ShipmentOwned } from '../shipments/shipments.tables.js';

export interface InvoicingProfilesTable {
  organization_id: string;
  mode: 'test' | 'live';
  profile: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

export interface InvoiceCountersTable {
  organization_id: string;
  mode: 'test' | 'live';
  last_number: number;
}

export interface InvoicesTable extends ShipmentOwned {
  seq: number;
  number: string;
  document_id: string;
  summary: Json<Record<string, unknown>>;
  /** What the invoice stated (invoice-facts.ts, stored-facts.ts); null for invoices issued before credit notes existed. */
  facts: Json<Record<string, unknown>> | null;
  created_at: Timestamp;
}

export interface CreditNotesTable extends ShipmentOwned {
  invoice_id: string;
  seq: number;
  number: string;
  document_id: string;
  summary: Json<Record<string, unknown>>;
  created_at: Timestamp;
}
