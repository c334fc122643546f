/**
 * Row types of the shipment templates module: the Kysely view of its table
 * (migrations/0042_shipment_templates.sql), beside the code that queries it.
 * src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Json, Timestamp } from '../../ports/database-columns.js';

export interface ShipmentTemplatesTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  name: string;
  /** The template's shipment fields (TEMPLATE_FIELDS), as sent. */
  data: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
