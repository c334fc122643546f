/**
 * Row types of the driver module: the Kysely view of its tables (migrations/0031_driver_sessions.sql),
 * beside the code that queries them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Timestamp } from '../../ports/database-columns.js';

/** The pending sign-in code of a phone (keyed hash of the phone): one at a time, ten minutes. */
export interface DriverSignInCodesTable {
  phone_hash: string;
  code_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface DriverSessionsTable {
  id: string;
  token_hash: string;
  /** E.164: the session sees the tours whose driver_phone is this. */
  phone: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  signed_out_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
  /** When the session last authenticated a request (at most once a minute); null before. */
  last_seen_at: Timestamp | null;
}

/** What a session may see: one organisation and mode each; revoked by that organisation alone. */
export interface DriverSessionGrantsTable {
  session_id: string;
  organization_id: string;
  mode: 'test' | 'live';
  revoked_at: Timestamp | null;
}
