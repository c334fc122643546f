/**
 * GET /files/{doc_id}: the bytes behind a signed download link, for whoever holds the link (no
 * API key). Checks, in order: the document exists (404), the signature matches it (403), the
 * link has not expired (410 `link_expired`) — so an expiry can only be reported for a real link.
 */
import { AppError } from '../../core/errors.js';
import type { Services } from '../../core/context.js';
import type { Mode } from '../../core/mode.js';
import { signatureMatches } from './download-links.js';
import { selectDocumentById, type DocumentRow } from './documents.repository.js';

export interface ServedFile {
  document: DocumentRow;
  body: Buffer;
  /** Seconds the link still works. */
  validForS: number;
}

export async function serveFile(services: Services, id: string, query: { expires?: string; signature?: string }): Promise<ServedFile> {
  const document = await selectDocumentById(services.db, id);
  if (!document) throw new AppError('not_found', `No document ${id}.`);
  const expires = Number(query.expires);
  const subject = { documentId: id, organizationId: document.organization_id, mode: document.mode as Mode, expires };
  if (!Number.isSafeInteger(expires) || !query.signature || !signatureMatches(services.secrets.urls, subject, query.signature)) {
    throw new AppError('forbidden', 'This download link is not valid: it was not issued by the service or was changed.');
  }
  const now = Math.floor(services.clock.now().getTime() / 1000);
  if (now >= expires) throw new AppError('link_expired', `This download link expired at ${new Date(expires * 1000).toISOString()}; ask for a new one (POST /v1/documents/${id}/download-url).`);
  const stored = await services.objects.get(document.object_key);
  if (!stored) throw new Error(`document ${id}: object ${document.object_key} is missing from the store`);
  return { document, body: stored.body, validForS: expires - now };
}
