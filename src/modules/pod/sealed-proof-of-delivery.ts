/**
 * The proof of delivery as one job from its input to the sealed bytes: a unit the render pool runs
 * off the event loop (DESIGN, Lifecycle), with plain, structured-cloneable input and output and the
 * sealing key passed in rather than read from a context. The rendered document gets the seal's
 * placeholder before its only save.
 */
import { sealDocument, type SealOptions } from '../documents/pades/seal-pdf.js';
import type { SealingKey } from '../../core/key-material/sealing-key.js';
import { renderProofOfDelivery, type PodPdfInput } from './render-proof-of-delivery.js';

export async function sealedProofOfDelivery(input: PodPdfInput, key: SealingKey, seal: SealOptions): Promise<Uint8Array> {
  return renderProofOfDelivery(input, (doc) => sealDocument(doc, key, seal));
}
