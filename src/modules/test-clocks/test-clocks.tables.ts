/** The Kysely view of the test clocks table (migrations/0023_test_clocks.sql); `DB` in src/adapters/database/schema.ts lists it. */
import type { Timestamp } from '../../ports/database-columns.js';

export interface TestClocksTable {
  id: string;
  organization_id: string;
  mode: 'test';
  name: string | null;
  frozen_time: Timestamp;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}
