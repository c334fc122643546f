/**
 * Row types of the privacy module (migrations/0034_privacy_erasures.sql): the Kysely view of its
 * tables, beside the code that queries them. src/adapters/database/schema.ts combines every
 * module's into `DB`.
 */
import type { Json, Timestamp } from '../../ports/database-columns.js';

export type SubjectKindColumn = 'email' | 'phone' | 'name_address' | 'party_reference';
export type RetainedResourceColumn = 'document' | 'signature_image' | 'signature_evidence';

export interface PrivacyErasuresTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  subject_kind: SubjectKindColumn;
  /** The report as answered, without its id: resources, ids and field paths, never values. */
  report: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface PrivacyRetainedItemsTable {
  organization_id: string;
  mode: 'test' | 'live';
  resource: RetainedResourceColumn;
  resource_id: string;
  erasure_id: string;
  shipment_id: string;
  legal_basis: string;
  erase_after: Timestamp;
  purged_at: Timestamp | null;
}
