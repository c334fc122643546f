/**
 * Row types of the eFTI gate work: the Kysely view of its tables, beside the code that queries
 * them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Timestamp } from '../../../ports/database-columns.js';
import type { ShipmentOwned } from '../../shipments/shipments.tables.js';

export interface EftiGateDatasetsTable {
  dataset_id: string;
  organization_id: string;
  mode: 'test' | 'live';
  shipment_id: string;
  registered_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EftiFollowUpsTable extends ShipmentOwned {
  dataset_id: string;
  gate_id: string;
  message: string;
  event_id: string;
  received_at: Timestamp;
}
