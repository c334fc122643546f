/**
 * Row types of the shipments module: the Kysely view of its tables, beside the code that queries
 * them, and the columns every row a shipment owns starts with. src/adapters/database/schema.ts
 * combines every module's into `DB`.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from '../../ports/database-columns.js';

export type ShipmentStatusColumn = 'draft' | 'issued' | 'in_transit' | 'delivered' | 'cancelled';

/** Where a shipment's eFTI dataset stands with the gate; null while it is a draft. */
export type GateStatusColumn = 'pending' | 'registered' | 'failed' | 'not_configured';

export interface ShipmentsTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  status: ShipmentStatusColumn;
  transport_type: 'national' | 'international' | 'cabotage' | 'combined';
  reference: string | null;
  data: Json<Record<string, unknown>>;
  warnings: Json<unknown[]>;
  cancellation_reason: string | null;
  event_seq: number;
  head_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  issued_at: Timestamp | null;
  picked_up_at: Timestamp | null;
  /** When the carrier reported the goods at the place of delivery (migrations/0039_disposal_instructions.sql); null before. */
  arrived_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  delivered_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /** Behind the inspection link on the note; made when the shipment is issued. */
  inspection_token: string | null;
  /** Where the eFTI dataset stands with the gate (migrations/0020_efti_gate.sql); null for a draft. */
  gate_status: GateStatusColumn | null;
  /** eFTI dataset id (UUID v4) of the shipment's unique identifier link; made at create, never reused. */
  dataset_id: string;
  /** The sandbox test clock the shipment follows (migrations/0023_test_clocks.sql); null: real time. */
  test_clock_id: Generated<string | null>;
}

/** The columns of every row a shipment owns (documents, signatures, sign links, remarks). */
export interface ShipmentOwned {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  shipment_id: string;
}
