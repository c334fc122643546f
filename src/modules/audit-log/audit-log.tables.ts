/**
 * Row types of the audit-log module: the Kysely view of its tables (migrations/0025_audit_log.sql),
 * beside the code that queries them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from '../../ports/database-columns.js';
import type { Mode } from '../../core/mode.js';

export interface AuditLogTable {
  id: string;
  organization_id: string;
  mode: Mode;
  seq: number;
  action: string;
  actor: Json<Record<string, unknown>>;
  actor_id: string | null;
  target_type: string;
  target_id: string;
  ip: string | null;
  user_agent: string | null;
  changes: Json<Record<string, unknown>>;
  created_at: Timestamp;
  data_sha256: string;
  prev_hash: string;
  hash: string;
}

export interface AuditChainHeadsTable {
  organization_id: string;
  mode: Mode;
  seq: number;
  hash: string;
  /** The last row retention removed (0 and 64 zeros before any). */
  anchor_seq: ColumnType<number, number | undefined, number>;
  anchor_hash: ColumnType<string, string | undefined, string>;
}

export interface AuditBackfillPendingTable {
  organization_id: string;
}
