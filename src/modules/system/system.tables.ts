/**
 * Row types of the system module (the service's own secrets): the Kysely view of its tables, beside
 * the code that queries them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Timestamp } from '../../ports/database-columns.js';

export interface ServiceSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}
