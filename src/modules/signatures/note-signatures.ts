/** Signatures as the consignment note prints them, drawn images included. */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import type { NoteSignature } from '../documents/consignment-note/consignment-note-input.js';
import { selectSignatures, type SignatureRow } from './signatures.repository.js';

/** The method as the note and the proof of delivery print it: a simulated signature says so. */
export function printedMethod(row: Pick<SignatureRow, 'method' | 'simulated'>): string {
  return row.simulated ? `${row.method} (simulated)` : row.method;
}

/** A signature as the note prints it (the drawn image when the caller has it). */
export function noteSignature(row: SignatureRow, imagePng?: Uint8Array): NoteSignature {
  return {
    role: row.role,
    index: row.role === 'successive_carrier' ? row.successive_index : undefined,
    signer_name: row.signer_name,
    signed_at: row.signed_at,
    ...(row.place ? { place: row.place } : {}),
    method: printedMethod(row),
    level: row.level,
    image_png: imagePng,
  };
}

export async function noteSignatures(ctx: TenantContext, rows: readonly SignatureRow[]): Promise<NoteSignature[]> {
  return Promise.all(rows.map(async (row) => noteSignature(row, row.image_object_key ? (await ctx.objects.get(row.image_object_key))?.body : undefined)));
}

/** Every signature the shipment has so far: what the next note version must show. */
export async function shipmentNoteSignatures(db: Database, ctx: TenantContext, shipmentId: string): Promise<NoteSignature[]> {
  return noteSignatures(ctx, await selectSignatures(db, ctx, shipmentId));
}
