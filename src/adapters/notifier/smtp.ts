/**
 * E-mail over SMTP with nodemailer (SMTP_URL, such as `smtps://user:pass@mail.example:465` or
 * `smtp://mail.example:587`, STARTTLS when offered). Messages are plain text: a sign link or a code.
 */
import nodemailer from 'nodemailer';
import type { Notifier, OutgoingMessage } from '../../ports/notifier.js';

export interface SmtpNotifier extends Notifier {
  close(): void;
}

export function smtpNotifier(url: string, from: string): SmtpNotifier {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: OutgoingMessage) {
      if (message.channel !== 'email') throw new Error('the SMTP notifier sends e-mail only');
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.replyTo ? { replyTo: message.replyTo } : {}) });
      return { reference: `smtp:${info.messageId}`, status: 'sent' };
    },
    close() {
      transport.close();
    },
  };
}
