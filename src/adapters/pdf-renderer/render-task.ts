/** What the pool and its threads exchange (./worker-pool.ts, ./render-worker.ts). */
import type { SealingKeyPem } from '../../modules/documents/pades/load-sealing-key.js';
import type { RenderJob } from '../../ports/pdf-renderer.js';

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

export function jobStarted(id: number): Record<typeof STARTED, number> {
  return { [STARTED]: id };
}

/** The job id of a thread's "started" message, or undefined for any other message. */
export function startedJobId(message: unknown): number | undefined {
  const id = (message as Record<string, unknown> | null)?.[STARTED];
  return typeof id === 'number' ? id : undefined;
}
