/**
 * Row types of the providers module: the Kysely view of its tables (migrations/0032_providers.sql),
 * beside the code that queries them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Json, Timestamp } from '../../ports/database-columns.js';
import type { ShipmentOwned } from '../shipments/shipments.tables.js';

export interface ProviderRoutingRulesTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  /** Order of evaluation, from 0 without gaps. */
  position: number;
  name: string;
  match: Json<Record<string, unknown>>;
  action: 'keep' | 'hand_over';
  provider_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProviderHandoversTable extends ShipmentOwned {
  provider_id: string;
  rule_id: string | null;
  status: 'pending' | 'handed_over' | 'failed';
  provider_ref: string | null;
  provider_status: string | null;
  attempts: number;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  handed_over_at: Timestamp | null;
}

export interface ProviderWebhookReceiptsTable {
  provider_id: string;
  event_id: string;
  received_at: Timestamp;
}

export interface ProviderWebhookReviewsTable {
  id: string;
  organization_id: string | null;
  mode: 'test' | 'live' | null;
  shipment_id: string | null;
  provider_id: string;
  event_id: string;
  event_type: string;
  reason: 'unknown_note' | 'impossible_transition' | 'refused';
  detail: string;
  payload: Json<Record<string, unknown>>;
  received_at: Timestamp;
}
