/**
 * Row types of the disposal module (migrations/0039_disposal_instructions.sql): the Kysely view of
 * its table, beside the code that queries it. src/adapters/database/schema.ts combines every
 * module's into `DB`.
 */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../ports/database-columns.js';
import type { ShipmentOwned } from '../shipments/shipments.tables.js';

export type DisposalPartyColumn = 'consignor' | 'consignee';
export type DisposalKindColumn = 'stop' | 'change_delivery_place' | 'change_consignee' | 'return';
export type RefusalReasonColumn = 'impossible' | 'interferes_with_operations' | 'divides_consignment';

type JsonColumn = ColumnType<Record<string, unknown> | null, string | null, string | null>;

export interface DisposalInstructionsTable extends ShipmentOwned {
  instructing_party: DisposalPartyColumn;
  kind: DisposalKindColumn;
  /** The new place of delivery (a stop as in the shipment's input), when the kind gives one. */
  delivery: JsonColumn;
  /** The new consignee (a party), when the kind gives one. */
  consignee: JsonColumn;
  text: string | null;
  source: 'api_key' | 'sign_link';
  api_key_id: string | null;
  signature_request_id: string | null;
  ip: string | null;
  user_agent: string | null;
  status: 'instructed' | 'accepted' | 'refused';
  refusal_reason: RefusalReasonColumn | null;
  refusal_text: string | null;
  event_id: string;
  decision_event_id: string | null;
  rendered_document_id: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}
