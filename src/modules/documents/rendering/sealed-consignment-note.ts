/**
 * The consignment note version as one job from its input to the sealed bytes (the proof of
 * delivery has its twin in pod/sealed-proof-of-delivery.ts). These are the units the render pool runs
 * off the event loop (DESIGN, Lifecycle), so their inputs and outputs are plain, structured-cloneable
 * data, and the sealing key is passed in rather than read from a context. The rendered document
 * gets the seal's placeholder before its only save.
 */
import type { ConsignmentNoteInput } from '../consignment-note/consignment-note-input.js';
import { renderConsignmentNote } from '../consignment-note/render-consignment-note.js';
import { sealDocument, type SealOptions } from '../pades/seal-pdf.js';
import type { SealingKey } from '../../../core/key-material/sealing-key.js';

export async function sealedConsignmentNote(input: ConsignmentNoteInput, key: SealingKey, seal: SealOptions): Promise<Uint8Array> {
  return renderConsignmentNote(input, (doc) => sealDocument(doc, key, seal));
}
