/**
 * Row types of the idempotency module: the Kysely view of its tables, beside the code that queries
 * them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Json, Timestamp } from '../../ports/database-columns.js';

export interface IdempotencyKeysTable {
  /** For mode `sign_link`, the SHA-256 of the sign link's token (keyless sign routes); for `driver`, the keyed hash of the driver's phone. */
  organization_id: string;
  mode: 'test' | 'live' | 'sign_link' | 'driver';
  key: string;
  request_hash: string;
  state: 'running' | 'done';
  locked_until: Timestamp | null;
  response_status: number | null;
  response_headers: Json<Record<string, string>> | null;
  response_body: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}
