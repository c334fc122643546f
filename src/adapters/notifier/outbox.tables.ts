/**
 * Row types of the outbox notifier (./outbox.ts), the embedded default for mail and SMS: the Kysely
 * view of its tables, beside the code that queries them. src/adapters/database/schema.ts combines
 * every module's into `DB`.
 */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../ports/database-columns.js';

export interface OutboxMessagesTable {
  id: Generated<string>;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Timestamp;
}
