/**
 * Row types of the events module (the per-shipment chain and the account-wide events): the Kysely
 * view of its tables, beside the code that queries them. src/adapters/database/schema.ts combines
 * every module's into `DB`.
 */
import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from '../../ports/database-columns.js';

export interface ShipmentEventsTable {
  shipment_id: string;
  seq: number;
  event_id: string;
  organization_id: string;
  mode: 'test' | 'live';
  type: string;
  created_at: Timestamp;
  data: Json<Record<string, unknown>>;
  data_sha256: string;
  hash: string;
  erased_at: Timestamp | null;
  /**
   * Migration 0045: who caused the event (src/modules/events/event-actor.ts), outside `data` and
   * the hash; null on older rows. Written once: the service role may not update it.
   */
  actor: ColumnType<{ type: string; id?: string; role?: string } | null, string | null | undefined, never>;
}

export interface EventsTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  type: string;
  shipment_id: string | null;
  created_at: Timestamp;
  data: Json<Record<string, unknown>>;
}
