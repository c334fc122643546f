/**
 * Row types of the remarks module: the Kysely view of its tables, beside the code that queries
 * them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../ports/database-columns.js';
import type { ShipmentOwned } from '../shipments/shipments.tables.js';
import type { ProviderEvidence, SignatureRoleColumn } from '../signatures/signatures.tables.js';

export interface RemarksTable extends ShipmentOwned {
  phase: 'pickup' | 'delivery' | 'takeover';
  /** For `takeover`: the successive carrier's position in `successive_carriers`; -1 otherwise (migration 0040). */
  successive_index: number;
  type: 'damage' | 'shortage' | 'delay' | 'other';
  text: string | null;
  photo_document_ids: string[];
  source: 'api' | 'sign_link' | 'provider';
  /** The signer's role and link, for a remark made from a sign link. */
  role: SignatureRoleColumn | null;
  signature_request_id: string | null;
  event_id: string;
  rendered_document_id: string;
  created_at: Timestamp;
  /** When it was made on the device, if it was kept offline first (the driver's app); null otherwise. */
  captured_at: Timestamp | null;
  /** Reported by another eCMR provider (source `provider`, migration 0032). */
  provider_evidence: ColumnType<ProviderEvidence | null, string | null | undefined, string | null>;
}
