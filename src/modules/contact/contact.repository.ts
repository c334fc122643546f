/** Reads and writes of `contact_messages` (migrations/0024_contact_messages.sql). */
import type { Selectable } from 'kysely';
import type { Database } from '../../ports/database.js';
import type { ContactEmailStatus, ContactMessagesTable } from './contact.tables.js';

export type ContactMessageRow = Selectable<ContactMessagesTable>;

export function insertContactMessage(db: Database, row: ContactMessageRow) {
  return db.insertInto('contact_messages').values(row);
}

export async function selectContactMessage(db: Database, id: string): Promise<ContactMessageRow | undefined> {
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The outcome of the message's e-mail; only a pending one changes, so a late retry cannot undo a send. */
export async function recordContactEmail(db: Database, id: string, outcome: { status: ContactEmailStatus; error: string | null; at: Date }): Promise<void> {
  await db
    .updateTable('contact_messages')
    .set({ email_status: outcome.status, email_error: outcome.error, emailed_at: outcome.status === 'failed' ? null : outcome.at })
    .where('id', '=', id)
    .where('email_status', '=', 'pending')
    .execute();
}

export async function deleteContactMessagesBefore(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom('contact_messages').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
