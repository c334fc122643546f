/**
 * POST /v1/shipments/{id}/documents: stores an attachment or photo of a shipment. The bytes decide
 * the media type (`unsupported_media_type` when they are not one the kind accepts); the upload is
 * an event of the shipment's chain (`shipment.document_added`, with the file's SHA-256), and the
 * document row, the event and the storage meter commit together. A final shipment takes no more
 * documents (`shipment_immutable`). An image whose header declares more than PHOTO_LIMIT's pixels
 * is refused (`image_too_large` on `$.file`).
 */
import { createHash } from 'node:crypto';
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { finding, type Finding } from '../../core/findings.js';
import { newId } from '../../core/ids.js';
import { assertPixelLimit, PHOTO_LIMIT } from '../../core/image-limits.js';
import { withTransaction } from '../../ports/database.js';
import { findShipment } from '../shipments/get-shipment.js';
import { assertChangeable } from '../shipments/shipment-status.js';
import { recordShipmentChange } from '../shipments/record-shipment-change.js';
import { usageWrite } from '../usage/record-usage.js';
import { documentObjectKey } from './document-keys.js';
import { documentView, type DocumentView } from './document-view.js';
import { insertDocumentWrite, type DocumentRow } from './documents.repository.js';
import { ACCEPTED_MEDIA_TYPES, extensionOf, sniffAccepted, UPLOAD_KINDS, type UploadKind } from './media-types.js';

export interface Upload {
  kind?: string;
  filename?: string;
  bytes: Buffer;
}

/** A file name as given, without any directory part or control characters, at most 200 characters. */
function cleanFilename(name: string | undefined): string | null {
  const base = name?.split(/[\\/]/).pop()?.replace(/\p{Cc}/gu, '').trim();
  return base ? base.slice(0, 200) : null;
}

export async function uploadDocument(ctx: TenantContext, shipmentId: string, upload: Upload): Promise<DocumentView> {
  const problems: Finding[] = [];
  if (upload.kind === undefined) problems.push(finding('kind', 'required', { field: 'kind' }));
  else if (!UPLOAD_KINDS.includes(upload.kind as UploadKind)) problems.push(finding('kind', 'invalid_value', { allowed: UPLOAD_KINDS }));
  // An empty file is no file.
  if (upload.bytes.length === 0) problems.push(finding('file', 'required', { field: 'file' }));
  if (problems.length > 0) throw new AppError('validation_failed', 'The upload does not validate; see errors.', { errors: problems });
  const kind = upload.kind as UploadKind;
  const contentType = await sniffAccepted(upload.bytes, kind);
  if (!contentType) {
    throw new AppError('unsupported_media_type', `This file cannot be uploaded as kind ${kind}: it must be one of ${ACCEPTED_MEDIA_TYPES[kind].join(', ')} (decided by its content, not its name or Content-Type).`);
  }
  // Whoever opens an image decodes it: its pixels are judged from its header first (docs/remarks.md).
  if (contentType.startsWith('image/')) assertPixelLimit(upload.bytes, PHOTO_LIMIT, '$.file', 'image');

  const now = ctx.clock.now();
  const id = newId('document', now);
  const key = documentObjectKey(ctx, shipmentId, id, extensionOf(contentType));
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const document = await withTransaction(ctx.db, async (trx) => {
    const shipment = await findShipment(trx, ctx, shipmentId, { forUpdate: true });
    assertChangeable(shipment.id, shipment.status);
    await ctx.objects.put(key, upload.bytes, { contentType });
    let row: DocumentRow | undefined;
    await recordShipmentChange(trx, ctx, shipment, {}, [{ type: 'shipment.document_added', status: shipment.status, fields: { document_id: id, kind, sha256 } }], now, async (_, [event]) => {
      row = {
        id,
        organization_id: ctx.organizationId,
        mode: ctx.mode,
        shipment_id: shipmentId,
        kind,
        version: 1,
        content_type: contentType,
        size: upload.bytes.length,
        sha256,
        filename: cleanFilename(upload.filename),
        object_key: key,
        cause_event_id: event!.event_id,
        cause_event_type: event!.type,
        language: null,
        created_at: now,
        deleted_at: null,
      };
      return [insertDocumentWrite(trx, row), usageWrite(trx, ctx, 'storage_bytes', now, upload.bytes.length)];
    });
    return row!;
  });
  return documentView(document);
}
