/**
 * The service under the memory soak, in a process of its own, started as `npm start` starts it (the
 * API, the job loop and the webhook deliveries together) from the environment the soak gives: the
 * embedded PGlite under DATA_DIR, or PostgreSQL with DATABASE_URL. Its render threads run
 * ./soak-render-worker.ts (the real worker, reporting its memory). It prints one JSON line with its
 * address and sandbox key, answers each `'sample'` message with its memory (the process's, and the
 * render threads' last reports), and drains and exits on `'exit'` or when the soak goes away.
 */
import { BroadcastChannel } from 'node:worker_threads';
import { loadConfig } from '../../src/config.js';
import { createRuntime } from '../../src/runtime.js';
import { buildApp } from '../../src/app.js';
import { WorkerRenderPool } from '../../src/adapters/pdf-renderer/worker-pool.js';
import { ensureSandbox } from '../../src/modules/organizations/ensure-sandbox.js';
import { nativeMemory } from './native-memory.js';
import { SOAK_MEMORY_CHANNEL, type ThreadMemory } from './soak-report.js';

const threads = new Map<number, ThreadMemory>();
const channel = new BroadcastChannel(SOAK_MEMORY_CHANNEL);
channel.unref();
channel.onmessage = (event) => {
  const report = (event as { data: ThreadMemory }).data;
  threads.set(report.threadId, report);
};

const config = loadConfig();
const runtime = await createRuntime(config, {
  renderWorkerUrl: new URL('./soak-render-worker.ts', import.meta.url),
  onError: (error, context) => process.stderr.write(`background work failed (${context}): ${String(error)}\n`),
});
const app = await buildApp(runtime);
const sandbox = await ensureSandbox(runtime.services);
if (!sandbox) throw new Error('the soak needs an empty database');
const address = await app.listen({ port: 0, host: '127.0.0.1' });
runtime.jobs.loop.start();
runtime.deliveries.start();
process.send!({ address, key: sandbox.testKey });

/** The last report of each live render thread (a replaced thread's is forgotten). */
function liveThreads(): ThreadMemory[] {
  const pool = runtime.services.renderer;
  const live = new Set(pool instanceof WorkerRenderPool ? pool.threads.map((t) => t.threadId) : threads.keys());
  for (const id of threads.keys()) if (!live.has(id)) threads.delete(id);
  return [...threads.values()];
}

process.on('message', (message) => {
  if (message === 'sample') {
    // With SOAK_GC=1 (node --expose-gc) the main thread's garbage is collected first: what is left is what it keeps.
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    const pool = runtime.services.renderer;
    const native = nativeMemory();
    process.send!({ rss, heapUsed, heapTotal, external, arrayBuffers, wasm: native?.wasm ?? 0, malloc: native?.malloc ?? 0, threads: liveThreads(), recycled: pool instanceof WorkerRenderPool ? pool.recycled : 0 });
  }
  if (message === 'exit') void stop();
});
process.on('disconnect', () => void stop());

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  runtime.startDraining();
  await app.close();
  await runtime.close();
  process.exit(0);
}
