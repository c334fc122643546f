/**
 * The embedded notifier: messages go to the `outbox_messages` table instead of out (port:
 * src/ports/notifier.ts). Nothing sends them later, so they are `not_configured`, never `sent`.
 */
import type { Database } from '../../ports/database.js';
import type { Notifier, OutgoingMessage } from '../../ports/notifier.js';
import type { Clock } from '../../core/clock.js';

export function outboxNotifier(db: Database, clock: Clock): Notifier {
  return {
    async send(message) {
      const row = await db
        .insertInto('outbox_messages')
        .values({ channel: message.channel, recipient: message.to, subject: message.subject, body: message.text, created_at: clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { reference: `outbox:${row.id}`, status: 'not_configured' };
    },
  };
}

/** The outbox, with each message also handed to `show` once it is kept (development without SMTP: the server prints it). */
export function showingOutbox(outbox: Notifier, show: (message: OutgoingMessage) => void): Notifier {
  return {
    async send(message) {
      const kept = await outbox.send(message);
      show(message);
      return kept;
    },
  };
}
