/**
 * Signed download links (service description, Authentication 8): `/files/{doc_id}?expires=…&signature=…`
 * where the signature is HMAC-SHA256, under the service's `urls` secret, over the document id, its
 * organisation, its mode and the expiry. The link works without an API key — that is its point —
 * and only for that document of that tenant until that second: an edited id or expiry no longer
 * matches (403), and a link minted for one organisation's document cannot reach another's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Mode } from '../../core/mode.js';

export const FILES_PATH = '/files';

export interface LinkSubject {
  /** The document's id, or another file's (an export's `exp_` id): the prefix keeps them apart. */
  documentId: string;
  organizationId: string;
  mode: Mode;
  /** Unix seconds. */
  expires: number;
}

function signature(secret: string, s: LinkSubject): string {
  return createHmac('sha256', secret).update(`download\n${s.documentId}\n${s.organizationId}\n${s.mode}\n${s.expires}`).digest('base64url');
}

export function signedDownloadUrl(publicBaseUrl: string, secret: string, s: LinkSubject): string {
  return `${publicBaseUrl}${FILES_PATH}/${s.documentId}?expires=${s.expires}&signature=${signature(secret, s)}`;
}

/** The same kind of link to another file the service keeps, under `${FILES_PATH}/<folder>/` (GDPR exports). */
export function signedFileUrl(publicBaseUrl: string, secret: string, folder: string, s: LinkSubject): string {
  return `${publicBaseUrl}${FILES_PATH}/${folder}/${s.documentId}?expires=${s.expires}&signature=${signature(secret, s)}`;
}

/** True when `given` is the signature of exactly this subject. */
export function signatureMatches(secret: string, s: LinkSubject, given: string): boolean {
  const expected = Buffer.from(signature(secret, s));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
