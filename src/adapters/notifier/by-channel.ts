/** A notifier per channel: SMTP for e-mail when configured, and so on; the outbox for what is not. */
import type { Notifier } from '../../ports/notifier.js';

export function notifierByChannel(channels: { email: Notifier; sms: Notifier }): Notifier {
  return { send: (message) => channels[message.channel].send(message) };
}
