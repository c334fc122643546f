/**
 * The photos of remarks as pages show them (the inspection page, the signing page): per photo its
 * document id, media type, SHA-256 (what `shipment.document_added` recorded in the chain), when it
 * was taken — the remark's `captured_at` when a phone kept the remark first (the driver's offline
 * queue), else when it reached the service — and the link of its thumbnail, which the caller makes
 * for its own credential.
 */
import type { Mode } from '../../core/mode.js';
import type { Database } from '../../ports/database.js';
import { selectDocuments, type DocumentRow } from '../documents/documents.repository.js';
import type { RemarkRow } from './remarks.repository.js';

/** Five photos per remark: more than any shipment's remarks name. */
const MAX_PHOTOS = 1000;

export interface RemarkPhotoFile {
  document_id: string;
  content_type: string;
  sha256: string;
  captured_at: string;
  thumbnail_url: string;
}

/** The shipment's photo documents by id, in one query. */
export async function shipmentPhotos(db: Database, t: { organizationId: string; mode: Mode }, shipmentId: string): Promise<Map<string, DocumentRow>> {
  const rows = await selectDocuments(db, t, { shipmentId, kind: 'photo', order: 'asc', limit: MAX_PHOTOS });
  return new Map(rows.map((row) => [row.id, row]));
}

/** The remark's photos in the order it names them (a photo since erased is left out). */
export function remarkPhotoFiles(remark: RemarkRow, photos: ReadonlyMap<string, DocumentRow>, thumbnailUrl: (documentId: string) => string): RemarkPhotoFile[] {
  return remark.photo_document_ids.flatMap((id) => {
    const photo = photos.get(id);
    if (!photo) return [];
    return [{ document_id: id, content_type: photo.content_type, sha256: photo.sha256, captured_at: (remark.captured_at ?? photo.created_at).toISOString(), thumbnail_url: thumbnailUrl(id) }];
  });
}
