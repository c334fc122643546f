/**
 * A shipment's remarks as the consignment note prints them: box 18 for pickup and for each
 * successive carrier's takeover (under its name), the consignee's box
 * for delivery, each with its photos (on the note's annex); with them, each stop the driver closed without its signatures and why
 * (`stop.closed_unsigned`, docs/tours.md), so every later version keeps saying so.
 */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import type { NoteReservation } from '../documents/consignment-note/consignment-note-input.js';
import { selectShipmentEventsOfType } from '../events/events.repository.js';
import { unsignedStopText, type UnsignedStop } from '../tours/stop-signatures.js';
import { remarkPhotos, type PhotoEvidence } from './photo-evidence.js';
import { selectRemarks, type RemarkRow } from './remarks.repository.js';

/** With `photos` (read before the transaction, photo-evidence.ts) the reservation carries its photos; without, only its words. */
export function noteReservation(row: Pick<RemarkRow, 'id' | 'phase' | 'successive_index' | 'type' | 'text' | 'created_at' | 'photo_document_ids' | 'captured_at'>, photos?: PhotoEvidence): NoteReservation {
  return { id: row.id, phase: row.phase, ...(row.phase === 'takeover' ? { successive_index: row.successive_index } : {}), type: row.type, text: row.text ?? '', created_at: row.created_at, ...(photos ? { photos: remarkPhotos(row, photos) } : {}) };
}

/** A stop closed without its signatures, as a line of the note in its language. */
export function unsignedStopReservation(stop: UnsignedStop, createdAt: Date, language: string): NoteReservation {
  return { phase: stop.kind, type: 'missing_signature', text: unsignedStopText(stop, language), created_at: createdAt };
}

/** The stops of the shipment closed without their signatures, oldest first (an erased event's data is gone: left out). */
export async function unsignedStops(db: Database, ctx: TenantContext, shipmentId: string): Promise<(UnsignedStop & { created_at: Date; event_id: string })[]> {
  const events = await selectShipmentEventsOfType(db, ctx, shipmentId, 'stop.closed_unsigned');
  return events.flatMap((e) => {
    const data = (typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as Partial<UnsignedStop> | null;
    if (!data?.kind || !data.reason || !Array.isArray(data.missing)) return [];
    return [{ kind: data.kind, missing: data.missing, reason: data.reason, text: data.text ?? null, captured_at: data.captured_at ?? e.created_at.toISOString(), created_at: e.created_at, event_id: e.event_id }];
  });
}

/** Every remark and unsigned stop of the shipment, oldest first: what the next note version must show. */
export async function noteReservations(db: Database, ctx: TenantContext, shipmentId: string, language = 'en', photos?: PhotoEvidence): Promise<NoteReservation[]> {
  const remarks = (await selectRemarks(db, ctx, shipmentId, { order: 'asc' })).map((row) => noteReservation(row, photos));
  const stops = (await unsignedStops(db, ctx, shipmentId)).map((s) => unsignedStopReservation(s, s.created_at, language));
  return [...remarks, ...stops].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}
