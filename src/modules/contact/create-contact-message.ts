/**
 * A message through the contact form: stored, and when CONTACT_EMAIL is set, its e-mail
 * queued in the same statement (the job outbox), so neither a mail outage nor a crash loses it and
 * the sender never waits for the mail server. The receipt names the message and nothing else.
 */
import type { Services } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { enqueueJobWrite } from '../../jobs/job-queue.js';
import { writeAsOneStatement } from '../../ports/database.js';
import type { ContactReceipt, CreateContactMessage } from './contact.schema.js';
import { insertContactMessage, type ContactMessageRow } from './contact.repository.js';
import { CONTACT_EMAIL_JOB, CONTACT_EMAIL_RETRY_DELAYS_MS } from './contact-policy.js';

/** What the e-mail job is given: the message by id (its text stays in its row) and where it goes. */
export interface ContactEmailPayload {
  message_id: string;
  to: string;
}

export async function createContactMessage(services: Pick<Services, 'db' | 'clock'>, input: CreateContactMessage, contactEmail: string | undefined): Promise<ContactReceipt> {
  const now = services.clock.now();
  const row: ContactMessageRow = {
    id: newId('contact_message', now),
    name: input.name.trim(),
    email: input.email.trim(),
    organization: input.organization?.trim() || null,
    message: input.message,
    language: input.language ?? null,
    email_status: contactEmail ? 'pending' : 'no_recipient',
    email_error: null,
    emailed_at: null,
    created_at: now,
  };
  const payload: ContactEmailPayload | undefined = contactEmail ? { message_id: row.id, to: contactEmail } : undefined;
  await writeAsOneStatement(services.db, [
    insertContactMessage(services.db, row),
    ...(payload ? [enqueueJobWrite(services.db, { kind: CONTACT_EMAIL_JOB, payload, runAt: now, maxAttempts: CONTACT_EMAIL_RETRY_DELAYS_MS.length + 1 }, now)] : []),
  ]);
  return { id: row.id, received_at: now.toISOString() };
}
