/**
 * Row types of the organisations module: the Kysely view of its tables, beside the code that
 * queries them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Timestamp } from '../../ports/database-columns.js';

export interface OrganizationsTable {
  id: string;
  name: string;
  live_enabled: boolean;
  created_at: Timestamp;
}
