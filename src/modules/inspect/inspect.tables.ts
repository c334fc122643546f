/**
 * Row types of the inspect module: the Kysely view of its table, beside the code that queries it.
 * src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Json, Timestamp } from '../../ports/database-columns.js';
import type { ShipmentOwned } from '../shipments/shipments.tables.js';

export interface InspectionViewsTable extends ShipmentOwned {
  viewed_at: Timestamp;
  channel: 'json' | 'page' | 'gate' | 'federated';
  ip: string | null;
  user_agent: string | null;
  language: string | null;
  outcome: string;
  viewer: string | null;
  details: Json<Record<string, unknown>>;
  event_id: string;
}
