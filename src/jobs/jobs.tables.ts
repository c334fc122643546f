/**
 * Row types of the job queue: the Kysely view of its tables, beside the code that queries them.
 * src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../ports/database-columns.js';

export interface JobsTable {
  id: string;
  kind: string;
  payload: Json<unknown>;
  state: 'pending' | 'succeeded' | 'failed';
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  locked_until: Timestamp | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}
