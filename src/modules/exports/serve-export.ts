/**
 * GET /files/exports/{exp_id}: the zip behind a signed link from `GET /v1/exports/{id}`, for
 * whoever holds the link (no API key), streamed from the object store. Checks in the order of
 * documents' links (serve-file.ts): the export exists and is completed (404), the signature matches
 * it (403), the link has not expired (410 `link_expired`).
 */
import type { Readable } from 'node:stream';
import { AppError } from '../../core/errors.js';
import type { Services } from '../../core/context.js';
import { signatureMatches } from '../documents/download-links.js';
import { selectExportById } from './exports.repository.js';

export interface ServedExport {
  id: string;
  sha256: string;
  size: number;
  body: Readable;
  validForS: number;
}

export async function serveExport(services: Services, id: string, query: { expires?: string; signature?: string }): Promise<ServedExport> {
  const row = await selectExportById(services.db, id);
  if (!row || row.status !== 'completed' || !row.object_key || !row.sha256) throw new AppError('not_found', `No completed export ${id}.`);
  const expires = Number(query.expires);
  const subject = { documentId: id, organizationId: row.organization_id, mode: row.mode, expires };
  if (!Number.isSafeInteger(expires) || !query.signature || !signatureMatches(services.secrets.urls, subject, query.signature)) {
    throw new AppError('forbidden', 'This download link is not valid: it was not issued by the service or was changed.');
  }
  const now = Math.floor(services.clock.now().getTime() / 1000);
  if (now >= expires) throw new AppError('link_expired', `This download link expired at ${new Date(expires * 1000).toISOString()}; read the export again (GET /v1/exports/${id}) for a new one.`);
  const stored = await services.objects.getStream(row.object_key);
  if (!stored) throw new Error(`export ${id}: object ${row.object_key} is missing from the store`);
  return { id, sha256: row.sha256, size: stored.size, body: stored.body, validForS: expires - now };
}
