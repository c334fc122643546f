/**
 * Sign-link tokens: 256 random bits in the link, only their SHA-256 in the database, so a copy of
 * the database opens no link. Looking a token up is looking its hash up.
 */
import { createHash, randomBytes } from 'node:crypto';

export function hashSignToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSignToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSignToken(token) };
}

export function signLinkUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/sign/${token}`;
}
