/**
 * The render threads' entry for the memory soak (bench/memory-soak.bench.ts): the real one, and
 * after each job the thread's own heap and buffers posted on a broadcast channel, so the service
 * process can tell the render threads' memory from its main thread's (both count in one RSS).
 */
import { BroadcastChannel, threadId } from 'node:worker_threads';
import render from '../../src/adapters/pdf-renderer/render-worker.js';
import type { RenderTask } from '../../src/adapters/pdf-renderer/render-task.js';
import { SOAK_MEMORY_CHANNEL, type ThreadMemory } from './soak-report.js';

const channel = new BroadcastChannel(SOAK_MEMORY_CHANNEL);
channel.unref();
let jobs = 0;

export default async function soakRender(task: RenderTask): ReturnType<typeof render> {
  try {
    return await render(task);
  } finally {
    jobs++;
    const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    channel.postMessage({ threadId, jobs, heapUsed, heapTotal, external, arrayBuffers } satisfies ThreadMemory);
  }
}
