/**
 * The e-mail of a contact message to CONTACT_EMAIL, sent by the job queue through the notifier
 * (SMTP when configured, else the outbox table): plain text in English for whoever reads the
 * mailbox, Reply-To the sender, so that answering the mail answers them. A send that fails throws,
 * and the job retries; when every attempt failed the row says `failed` with the reason. The
 * message itself is never lost: it stays in its row until the retention purge.
 */
import type { Services } from '../../core/context.js';
import type { OutgoingMessage } from '../../ports/notifier.js';
import type { ContactEmailPayload } from './create-contact-message.js';
import { recordContactEmail, selectContactMessage, type ContactMessageRow } from './contact.repository.js';

export function contactMail(row: ContactMessageRow, to: string, publicBaseUrl: string): OutgoingMessage {
  const from = row.organization ? `${row.name} (${row.organization})` : row.name;
  const lines = [
    `A message through the contact form of ${publicBaseUrl}. Reply to this e-mail to answer ${row.name}.`,
    '',
    `Reference: ${row.id}`,
    `Received:  ${new Date(row.created_at).toISOString()}`,
    `Name:      ${row.name}`,
    `E-mail:    ${row.email}`,
    ...(row.organization ? [`Company:   ${row.organization}`] : []),
    ...(row.language ? [`Language:  ${row.language}`] : []),
    '',
    '-----',
    row.message,
  ];
  return { channel: 'email', to, subject: `Contact form: ${from}`, text: lines.join('\n'), replyTo: { name: row.name, address: row.email } };
}

export async function emailContactMessage(services: Services, payload: ContactEmailPayload): Promise<void> {
  const row = await selectContactMessage(services.db, payload.message_id);
  // Purged meanwhile, or a retry after a send whose result was already recorded.
  if (!row || row.email_status !== 'pending') return;
  const { status } = await services.notifier.send(contactMail(row, payload.to, services.publicBaseUrl));
  await recordContactEmail(services.db, row.id, { status, error: null, at: services.clock.now() });
}

export async function recordContactEmailFailure(services: Services, payload: ContactEmailPayload, error: string): Promise<void> {
  await recordContactEmail(services.db, payload.message_id, { status: 'failed', error, at: services.clock.now() });
}
