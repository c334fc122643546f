/**
 * Row types of the checkpoints module: the Kysely view of its tables (migrations/0037_chain_checkpoints.sql),
 * beside the code that queries them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Json, Timestamp } from '../../ports/database-columns.js';
import type { Mode } from '../../core/mode.js';

export interface ChainHeadRecord {
  seq: number;
  hash: string;
}

/** A checkpoint as delivered (checkpoint-signature.ts says what is signed and how). */
export interface CheckpointContent {
  id: string;
  organization_id: string;
  mode: Mode;
  created_at: string;
  /** The organisation's checkpoint before this one in this mode; null for the first. */
  previous_id: string | null;
  audit_log: ChainHeadRecord;
  /** Shipment chains that changed since the previous checkpoint, by id. */
  shipments: (ChainHeadRecord & { shipment_id: string })[];
}

export interface Checkpoint extends CheckpointContent {
  signature: string;
}

export interface ChainCheckpointsTable {
  id: string;
  organization_id: string;
  mode: Mode;
  created_at: Timestamp;
  audit_seq: number;
  /** The checkpoint as delivered: its signed fields and `signature`. */
  checkpoint: Json<Checkpoint>;
}

export interface ChainCheckpointShipmentsTable {
  checkpoint_id: string;
  shipment_id: string;
  seq: number;
}
