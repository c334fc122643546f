/**
 * Row types of the documents module: the Kysely view of its tables, beside the code that queries
 * them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Timestamp } from '../../ports/database-columns.js';
import type { ShipmentOwned } from '../shipments/shipments.tables.js';

export type DocumentKind = 'consignment_note' | 'attachment' | 'photo' | 'pod' | 'invoice';

export interface DocumentsTable extends ShipmentOwned {
  kind: DocumentKind;
  version: number;
  content_type: string;
  size: number;
  sha256: string;
  filename: string | null;
  object_key: string;
  cause_event_id: string;
  cause_event_type: string;
  /** Language of the printed labels (consignment notes). */
  language: string | null;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}
