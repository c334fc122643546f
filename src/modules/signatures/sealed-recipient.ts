/**
 * Secrets a pending sign link needs later, sealed with AES-256-GCM under a key derived from the
 * service's `urls` secret and the purpose: the recipient (to send one-time passwords to) and the
 * trust service's activation data of an identification (to sign with). Never readable from a copy
 * of the table alone, and cleared when no longer needed.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

type Purpose = 'recipient-seal' | 'activation-seal';

const key = (secret: string, purpose: Purpose) => createHash('sha256').update(`${purpose}\n${secret}`).digest();

export function sealText(secret: string, purpose: Purpose, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function openText(secret: string, purpose: Purpose, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key(secret, purpose), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

export const sealRecipient = (secret: string, recipient: string) => sealText(secret, 'recipient-seal', recipient);
export const openRecipient = (secret: string, sealed: string) => openText(secret, 'recipient-seal', sealed);
