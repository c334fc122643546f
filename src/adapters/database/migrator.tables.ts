/**
 * Row types of the migrator (./migrator.ts): the Kysely view of its tables, beside the code that
 * queries them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Timestamp } from '../../ports/database-columns.js';

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: Timestamp;
}
