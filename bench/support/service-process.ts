/**
 * A second service in a process of its own (`startBenchService` on its own scratch database), for a
 * benchmark that loads a neighbour instead of the service under test: it prints one JSON line with
 * its address and key, serves until its standard input closes, then drains and exits.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkerRenderPool } from '../../src/adapters/pdf-renderer/worker-pool.js';
import { startBenchService } from './bench-runtime.js';

const service = await startBenchService(process.argv[2] ?? 'neighbour');
process.stdout.write(`${JSON.stringify({ address: service.address, key: service.key })}\n`);
process.stdin.resume();
await new Promise((resolve) => process.stdin.once('end', resolve));
// Requests the load generator left behind when it stopped finish before the service closes.
const renderer = service.runtime.services.renderer as WorkerRenderPool;
while (renderer.pending > 0) await sleep(100);
await service.close();
