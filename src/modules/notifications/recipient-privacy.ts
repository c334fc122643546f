/**
 * How a recipient is kept after a message is sent: a keyed hash (to find a person's messages on
 * request, without a dictionary of addresses being able to reverse it) and a masked hint that lets
 * a support engineer tell two recipients apart (`p•••@vdberg-transport.example`, `+31•••••••78`).
 */
import { createHmac } from 'node:crypto';

export function recipientHash(secret: string, channel: 'email' | 'sms', recipient: string): string {
  const normalized = channel === 'email' ? recipient.trim().toLowerCase() : recipient.replace(/[^\d+]/g, '');
  return createHmac('sha256', secret).update(`recipient\n${channel}\n${normalized}`).digest('hex');
}

export function recipientHint(channel: 'email' | 'sms', recipient: string): string {
  if (channel === 'email') {
    const [local = '', domain = ''] = recipient.trim().split('@');
    return `${local.slice(0, 1)}•••@${domain}`;
  }
  const digits = recipient.replace(/[^\d+]/g, '');
  return `${digits.slice(0, 3)}${'•'.repeat(Math.max(0, digits.length - 5))}${digits.slice(-2)}`;
}
