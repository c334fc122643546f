/**
 * Row types of the members module (migrations/0028_member_invitations.sql): the Kysely view of its
 * table. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Timestamp } from '../../ports/database-columns.js';
import type { MemberRole } from '../console-auth/console-auth.tables.js';

export interface InvitationsTable {
  id: string;
  organization_id: string;
  email: string;
  role: MemberRole;
  token_hash: string;
  invited_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
}
