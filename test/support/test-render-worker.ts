/**
 * A render thread's entry for tests of the pool (test/http/documents/render-pool.test.ts): the real
 * one (src/adapters/pdf-renderer/render-worker.ts), steered by the shipment's `reference`:
 * - `slow`: the thread announces the job on the test's BroadcastChannel, waits a second (time for
 *   the test to terminate it mid-job), then renders;
 * - `hang`: the thread says it started, then never returns, as a render stuck in a loop would;
 * - `hog`: the thread keeps allocating, as a render decoding a huge image would, until its heap
 *   limit (RENDER_MEMORY_MB) ends it.
 * Any other job renders as in production. Every job's reference is posted on the log channel as
 * the thread starts it.
 */
import { BroadcastChannel, parentPort, threadId } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import render from '../../src/adapters/pdf-renderer/render-worker.js';
import { jobStarted, type RenderTask } from '../../src/adapters/pdf-renderer/render-task.js';
import type { RenderedPdf } from '../../src/ports/pdf-renderer.js';
import { SLOW_JOB_MS, TEST_RENDER_CHANNEL, TEST_RENDER_LOG_CHANNEL } from './test-render-channel.js';

const channel = new BroadcastChannel(TEST_RENDER_CHANNEL);
channel.unref();
const log = new BroadcastChannel(TEST_RENDER_LOG_CHANNEL);
log.unref();

function reference(task: RenderTask): unknown {
  const { job } = task;
  if (job.kind === 'invoice_view') return job.header.number;
  return job.kind === 'consignment_note' ? job.input.shipment.reference : job.input.reference;
}

export default async function testRender(task: RenderTask): Promise<RenderedPdf> {
  log.postMessage({ reference: reference(task) });
  if (reference(task) === 'hog') {
    parentPort!.postMessage(jobStarted(task.id, threadId));
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
  }
  if (reference(task) === 'hang') {
    parentPort!.postMessage(jobStarted(task.id, threadId));
    for (;;);
  }
  if (reference(task) === 'slow') {
    channel.postMessage({ started: task.id });
    await sleep(SLOW_JOB_MS);
  }
  return render(task);
}
