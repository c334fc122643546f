/**
 * The photos of a shipment's remarks as the PDFs print them, read from the object store before
 * the render and before any transaction opens (DESIGN, Lifecycle: no transaction is held across
 * slow work): the render thread gets the bytes and makes the thumbnails. A change that renders a
 * note version reads them first, then locks the shipment; if a remark with photos not read yet
 * committed in between, it reads again and retries (`withPhotoEvidence`).
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { EvidencePhoto } from '../documents/consignment-note/consignment-note-input.js';
import { selectDocument } from '../documents/documents.repository.js';
import { selectRemarks, type RemarkRow } from './remarks.repository.js';

/** The photos read, by document id; null for an id looked up that names no photo of the shipment (any more). */
export type PhotoEvidence = ReadonlyMap<string, EvidencePhoto | null>;

/** A remark names a photo that was not read before the transaction: read again and retry. */
export class PhotosNotRead extends Error {
  override name = 'PhotosNotRead';
}

const ATTEMPTS = 3;

/** Reads the photos of every remark of the shipment, and the `extra` ids (a remark being made); ids that are not photos of the shipment are noted as such (the remark's own check reports them). */
export async function readPhotoEvidence(ctx: TenantContext, shipmentId: string, extra: readonly string[] = []): Promise<PhotoEvidence> {
  const remarks = await selectRemarks(ctx.db, ctx, shipmentId, { order: 'asc' });
  const read = new Map<string, EvidencePhoto | null>();
  // One at a time: a photo may be 20 MiB, and the bytes travel to the render thread anyway.
  for (const id of new Set([...remarks.flatMap((r) => r.photo_document_ids), ...extra])) {
    const document = await selectDocument(ctx.db, ctx, id);
    if (!document || document.shipment_id !== shipmentId || document.kind !== 'photo') {
      read.set(id, null);
      continue;
    }
    const stored = await ctx.objects.get(document.object_key);
    read.set(id, { document_id: id, content_type: document.content_type, sha256: document.sha256, captured_at: document.created_at, ...(stored ? { bytes: stored.body } : {}) });
  }
  return read;
}

/**
 * The remark's photos from those read, with the device's capture time when the remark came with
 * one; raises PhotosNotRead for one not looked up. One no longer stored as a photo (removed by
 * retention) is left out: there is nothing left to show.
 */
export function remarkPhotos(row: Pick<RemarkRow, 'photo_document_ids' | 'captured_at'>, photos: PhotoEvidence): EvidencePhoto[] {
  return row.photo_document_ids.flatMap((id) => {
    const photo = photos.get(id);
    if (photo === undefined) throw new PhotosNotRead(`photo ${id} was not read before the transaction`);
    if (photo === null) return [];
    return [row.captured_at ? { ...photo, captured_at: row.captured_at } : photo];
  });
}

/** Runs `act` with the shipment's photos read beforehand; raises `conflict` when remarks kept changing under it. */
export async function withPhotoEvidence<T>(ctx: TenantContext, shipmentId: string, extra: readonly string[], act: (photos: PhotoEvidence) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const photos = await readPhotoEvidence(ctx, shipmentId, extra);
    try {
      return await act(photos);
    } catch (error) {
      if (!(error instanceof PhotosNotRead)) throw error;
      if (attempt === ATTEMPTS) throw new AppError('conflict', `The remarks of shipment ${shipmentId} changed while this request was made; nothing was changed. Retry the request.`, { cause: error });
    }
  }
}
