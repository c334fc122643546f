/**
 * The entry of a render thread (./worker-pool.ts): piscina calls the default export with each job.
 * The sealing key arrives once, as PEM in the thread's workerData, and is imported once per thread;
 * fonts and other per-process caches of the renderer live as long as the thread. Before the work
 * starts the thread says so, which starts the job's timeout in the pool. The sealed bytes are
 * hashed here and handed over, not copied: what is left for the event loop is to store them.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { sealedConsignmentNote } from '../../modules/documents/rendering/sealed-consignment-note.js';
import { sealingKeyFromPem } from '../../core/key-material/sealing-key.js';
import { renderInvoicePdf } from '../../modules/invoices/invoice-pdf.js';
import { sealedProofOfDelivery } from '../../modules/pod/sealed-proof-of-delivery.js';
import type { RenderedPdf, RenderJob } from '../../ports/pdf-renderer.js';
import { handedOver, jobStarted, type RenderTask, type RenderWorkerData } from './render-task.js';

const { sealingKey } = workerData as RenderWorkerData;
const key = sealingKeyFromPem(sealingKey.privateKeyPem, sealingKey.certificatePem);
// A key that cannot be imported fails every job with its reason, not the thread's start-up.
key.catch(() => undefined);

async function sealed(job: RenderJob): Promise<Uint8Array> {
  switch (job.kind) {
    case 'consignment_note':
      return sealedConsignmentNote(job.input, await key, job.seal);
    case 'proof_of_delivery':
      return sealedProofOfDelivery(job.input, await key, job.seal);
    case 'invoice_view':
      return renderInvoicePdf(job.facts, job.header);
  }
}

export default async function render(task: RenderTask): Promise<RenderedPdf> {
  parentPort!.postMessage(jobStarted(task.id, threadId));
  return handedOver(await sealed(task.job));
}
