/**
 * Row types of the request logs module: the Kysely view of its tables, beside the code that queries
 * them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../ports/database-columns.js';

export interface RequestLogBatchesTable {
  organization_id: string;
  mode: 'test' | 'live';
  first_id: string;
  last_id: string;
  last_at: Timestamp;
  row_count: number;
  statuses: number[];
  paths: string[];
  api_key_ids: string[];
  entries: Buffer;
}

export interface RequestLogFailuresTable {
  organization_id: string;
  mode: 'test' | 'live';
  request_id: string;
  created_at: Timestamp;
  error_code: string | null;
  request_body: string | null;
  request_truncated: Generated<boolean>;
  response_body: string | null;
  response_truncated: Generated<boolean>;
}
