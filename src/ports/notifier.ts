/**
 * Notifications port: e-mail and SMS to people (sign links, later one-time passwords). SMTP for
 * e-mail and an HTTP SMS provider in production; the embedded default writes each message to the
 * `outbox_messages` table, the developer's inbox, so the whole flow runs without either.
 */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** An e-mail address or an E.164 number. */
  to: string;
  subject: string;
  text: string;
  /**
   * E-mail only: where answers go (Reply-To), e.g. the sender of a contact message. The caller
   * has checked it holds no line break; SMTP sets the header, the outbox does not keep it.
   */
  replyTo?: { name?: string; address: string };
}

/** `sent`: a provider took the message; `not_configured`: none is configured for the channel, so it went to the outbox table only. */
export type NotificationOutcome = 'sent' | 'not_configured';

export interface Notifier {
  /** Sends, or rejects with the reason; resolves with the provider's reference and whether the message left the service. */
  send(message: OutgoingMessage): Promise<{ reference: string; status: NotificationOutcome }>;
}
