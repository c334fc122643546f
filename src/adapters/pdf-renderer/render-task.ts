/** What the pool and its threads exchange (./worker-pool.ts, ./render-worker.ts). */
import { createHash } from 'node:crypto';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { SealingKeyPem } from '../../core/key-material/sealing-key.js';
import type { RenderedPdf, RenderJob } from '../../ports/pdf-renderer.js';

/** The sealing key as PEM: plain strings clone into a thread, where a CryptoKey may not. */
export interface RenderWorkerData {
  sealingKey: SealingKeyPem;
}

export interface RenderTask {
  /** The pool's number of this job, so the thread can say when it starts it. */
  id: number;
  job: RenderJob;
}

const STARTED = 'renderJobStarted';

/** What a thread posts when it starts a job: the job, and itself, so that a job past its time can be ended with its thread. */
export function jobStarted(id: number, threadId: number): { [STARTED]: number; threadId: number } {
  return { [STARTED]: id, threadId };
}

/** The job and thread of a thread's "started" message, or undefined for any other message. */
export function startedJob(message: unknown): { id: number; threadId: number } | undefined {
  const m = message as Record<string, unknown> | null;
  const id = m?.[STARTED];
  return typeof id === 'number' && typeof m?.threadId === 'number' ? { id, threadId: m.threadId } : undefined;
}

/**
 * The PDF and its SHA-256, its memory moved to the receiving thread (piscina's transfer list):
 * only a buffer that holds the PDF alone is moved, a view into a larger one is copied out first
 * (here, in the render thread), so nothing else of this thread's memory goes with it.
 */
export function handedOver(bytes: Uint8Array): RenderedPdf {
  // A copy, not `bytes.slice()`: Buffer's slice is a view on the same memory, and a small PDF sits in
  // Node's shared buffer pool, which must never be moved (Node 24 refuses it: DataCloneError).
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  const rendered: RenderedPdf = { bytes: own, sha256: createHash('sha256').update(own).digest('hex') };
  // piscina posts the value and transfers the buffer; the pool's caller receives the value.
  return move({ [transferableSymbol]: own.buffer, [valueSymbol]: rendered }) as unknown as RenderedPdf;
}
