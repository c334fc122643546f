/**
 * Row types of the console sign-in module (migrations/0026_console_auth.sql): the Kysely view of
 * its tables. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../ports/database-columns.js';

export type MemberRole = 'owner' | 'admin' | 'developer' | 'viewer';

export interface UsersTable {
  id: string;
  email: string;
  created_at: Timestamp;
  last_sign_in_at: Timestamp | null;
  /** Migration 0044: the member's console language and IANA time zone; null until chosen (optional on insert). */
  console_language: ColumnType<string | null, string | null | undefined, string | null>;
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MembershipsTable {
  user_id: string;
  organization_id: string;
  role: MemberRole;
  created_at: Timestamp;
}

export interface MagicLinksTable {
  token_hash: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ConsoleSessionsTable {
  id: string;
  user_id: string;
  secret_hash: string;
  organization_id: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Migration 0029: when the session passed the second factor; null until then (optional on insert). */
  two_factor_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
