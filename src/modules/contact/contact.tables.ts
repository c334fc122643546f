/**
 * Row types of the contact module: the Kysely view of its table, beside the code that queries it.
 * src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Timestamp } from '../../ports/database-columns.js';

/** Where the message's e-mail to CONTACT_EMAIL stands (migrations/0024_contact_messages.sql). */
export type ContactEmailStatus = 'pending' | 'sent' | 'not_configured' | 'failed' | 'no_recipient';

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  organization: string | null;
  message: string;
  language: string | null;
  email_status: ContactEmailStatus;
  email_error: string | null;
  emailed_at: Timestamp | null;
  created_at: Timestamp;
}
