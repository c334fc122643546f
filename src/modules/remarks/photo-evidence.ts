/**
 * The photos of a shipment's remarks as the PDFs print them, read from the object store before
 * the render and before any transaction opens (DESIGN, Lifecycle: no transaction is held across
 * slow work): the render thread gets the bytes and makes the thumbnails. A change that renders a
 * note version reads them with the shipment (shipments/change-with-render.ts); a remark with
 * photos not read that committed in between moved the shipment's head, so the change reads and
 * renders again (PhotosNotRead is a StaleRead).
 */
import type { TenantContext } from '../../core/context.js';
import { StaleRead } from '../shipments/change-with-render.js';
import type { EvidencePhoto } from '../documents/consignment-note/consignment-note-input.js';
import { selectDocument } from '../documents/documents.repository.js';
import { selectRemarks, type RemarkRow } from './remarks.repository.js';

/** The photos read, by document id; null for an id looked up that names no photo of the shipment (any more). */
export type PhotoEvidence = ReadonlyMap<string, EvidencePhoto | null>;

/** A remark names a photo that was not read before the render: read again and retry. */
export class PhotosNotRead extends StaleRead {
  override name = 'PhotosNotRead';
}

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
    if (photo === undefined) throw new PhotosNotRead(`photo ${id} was not read before the render`);
    if (photo === null) return [];
    return [row.captured_at ? { ...photo, captured_at: row.captured_at } : photo];
  });
}
