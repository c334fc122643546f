/** A shipment's remarks as the consignment note prints them: box 18 for pickup, the consignee's box for delivery. */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import type { NoteReservation } from '../documents/consignment-note/consignment-note-input.js';
import { selectRemarks, type RemarkRow } from './remarks.repository.js';

export function noteReservation(row: Pick<RemarkRow, 'phase' | 'type' | 'text' | 'created_at'>): NoteReservation {
  return { phase: row.phase, type: row.type, text: row.text ?? '', created_at: row.created_at };
}

/** Every remark of the shipment, oldest first: what the next note version must show. */
export async function noteReservations(db: Database, ctx: TenantContext, shipmentId: string): Promise<NoteReservation[]> {
  return (await selectRemarks(db, ctx, shipmentId, { order: 'asc' })).map(noteReservation);
}
