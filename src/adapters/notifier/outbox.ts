/**
 * The embedded notifier: messages go to the `outbox_messages` table instead of out (port:
 * src/ports/notifier.ts). Nothing sends them later, so they are `not_configured`, never `sent`.
 */
import type { Database } from '../../ports/database.js';
import type { Notifier } from '../../ports/notifier.js';
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
