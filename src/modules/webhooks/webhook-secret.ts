/** Webhook signing secrets: `whsec_` and 32 random bytes, base64url. */
import { randomBytes } from 'node:crypto';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
