/** A shipment's remarks as the consignment note prints them: box 18 for pickup, the consignee's box for delivery, each with its photos (on the note's annex). */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import type { NoteReservation } from '../documents/consignment-note/consignment-note-input.js';
import { remarkPhotos, type PhotoEvidence } from './photo-evidence.js';
import { selectRemarks, type RemarkRow } from './remarks.repository.js';

/** With `photos` (read before the transaction, photo-evidence.ts) the reservation carries its photos; without, only its words. */
export function noteReservation(row: Pick<RemarkRow, 'id' | 'phase' | 'type' | 'text' | 'created_at' | 'photo_document_ids' | 'captured_at'>, photos?: PhotoEvidence): NoteReservation {
  return { id: row.id, phase: row.phase, type: row.type, text: row.text ?? '', created_at: row.created_at, ...(photos ? { photos: remarkPhotos(row, photos) } : {}) };
}

/** Every remark of the shipment, oldest first: what the next note version must show. */
export async function noteReservations(db: Database, ctx: TenantContext, shipmentId: string, photos?: PhotoEvidence): Promise<NoteReservation[]> {
  return (await selectRemarks(db, ctx, shipmentId, { order: 'asc' })).map((row) => noteReservation(row, photos));
}
