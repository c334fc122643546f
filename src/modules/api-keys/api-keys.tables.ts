/**
 * Row types of the API keys module: the Kysely view of its tables, beside the code that queries
 * them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Json, Timestamp } from '../../ports/database-columns.js';

export interface ApiKeysTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  key_hash: string;
  hint: string;
  scopes: Json<string[]>;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}
