/**
 * Row types of the exports module: the Kysely view of its table (migrations/0033_exports.sql),
 * beside the code that queries it. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from '../../ports/database-columns.js';

export type ExportStatusColumn = 'running' | 'completed' | 'failed';

export interface ExportsTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  status: ExportStatusColumn;
  progress: Json<Record<string, number>>;
  runner: string | null;
  runs: Generated<number>;
  heartbeat_at: Timestamp | null;
  object_key: string | null;
  /** bigint: PostgreSQL hands it back as a string. */
  size: ColumnType<string | number | null, number | null, number | null>;
  sha256: string | null;
  error: string | null;
  created_at: Timestamp;
  completed_at: Timestamp | null;
  failed_at: Timestamp | null;
  expires_at: Timestamp | null;
}
