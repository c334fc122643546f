/**
 * Row types of the console's second factor (migrations/0029_two_factor.sql). The session's
 * `two_factor_at` column is in console-auth.tables.ts with the rest of `console_sessions`.
 */
import type { Timestamp } from '../../../ports/database-columns.js';

export interface TwoFactorCredentialsTable {
  user_id: string;
  /** Base32 TOTP secret. */
  secret: string;
  created_at: Timestamp;
  /** Null while pending (enrolled, not yet confirmed with a first code). */
  confirmed_at: Timestamp | null;
  /** The last accepted TOTP time step; codes of that step or earlier are refused. */
  last_step: number | null;
}

export interface TwoFactorRecoveryCodesTable {
  user_id: string;
  /** SHA-256 (hex) of the normalised code. */
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}
