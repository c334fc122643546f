/**
 * Soak: the service's memory under constant mixed load. Target: after warm-up the process's RSS
 * stops growing — over the last half of the run it grows by less than 5 % of the RSS at the end.
 *
 * Starts the service as `npm start` runs it, in a process of its own (./support/soak-service-process.ts:
 * the embedded PGlite under a scratch DATA_DIR, or PostgreSQL on a scratch database when
 * DATABASE_URL is set; Redis when REDIS_URL is set), a webhook receiver in another
 * (./support/webhook-receiver-process.ts) and one endpoint of every event to it. Then SOAK_CLIENTS
 * clients (default 4) each loop for SOAK_MINUTES (default 30): create a shipment, issue it (render
 * and seal its note in the render threads), read it, its documents and its note's bytes; each step
 * fans out webhooks, delivered meanwhile. Every SOAK_SAMPLE_S (default 10) seconds it samples the
 * service's RSS, main heap used, external and array buffers, and the render threads' heaps (their
 * own reports after each job), and prints them; at the end the RSS growth over the run and over its
 * last half, against the target. The first sample is taken after SOAK_WARMUP_S (default 60) of load
 * and once the first generation of render threads has been replaced (RENDER_RECYCLE_AFTER_JOBS):
 * until then the process has not yet held two generations at once, which is part of its steady state.
 * WebAssembly (the embedded PGlite's Postgres) and malloc's arenas are read from /proc (Linux).
 * Not a timed test: the machine may be busy; the figures are the process's memory, not its speed.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { fullShipment } from '../test/support/shipment-fixtures.js';
import { soakReport, type MemorySample } from './support/soak-report.js';
import { allocatorEnv } from './support/allocator-env.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 4);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_S ?? 10);
const WARMUP_S = Number(process.env.SOAK_WARMUP_S ?? 60);
const MB = 1024 * 1024;

async function adminQuery(admin: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(query);
  await client.end();
}

function forked(file: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const execArgv = ['--import', 'tsx', ...(process.env.SOAK_GC === '1' ? ['--expose-gc'] : [])];
  return fork(join(import.meta.dirname, 'support', file), args, { execArgv, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

async function ask<T>(child: ChildProcess, message: string): Promise<T> {
  child.send(message);
  const [answer] = (await once(child, 'message')) as [T];
  return answer;
}

// --- the receiver and the service, each in its own process ------------------------------------

const receiver = forked('webhook-receiver-process.ts', [], process.env);
const [{ port }] = (await once(receiver, 'message')) as [{ port: number }];

const admin = process.env.DATABASE_URL;
const scratch = `fds_soak_${process.pid}`;
const dataDir = mkdtempSync(join(tmpdir(), 'fds-soak-'));
// The allocator `npm start` picks on this machine (scripts/allocator.sh says why).
const allocator = allocatorEnv(process.env);
const env: NodeJS.ProcessEnv = { ...process.env, ...allocator.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ENVIRONMENT: 'test', RATE_LIMIT_REQUESTS: '1000000000', WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' };
if (admin) {
  await adminQuery(admin, `create database ${scratch}`);
  for (const name of ['DATABASE_URL', 'MIGRATION_DATABASE_URL'] as const) {
    if (!process.env[name]) continue;
    const url = new URL(process.env[name]);
    url.pathname = `/${scratch}`;
    env[name] = url.toString();
  }
}
const service = forked('soak-service-process.ts', [], env);
const [{ address, key }] = (await once(service, 'message')) as [{ address: string; key: string }];
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${address}${path}`, {
    method,
    headers: { ...headers, ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return response;
}

await call('POST', '/v1/webhook-endpoints', { url: `http://127.0.0.1:${port}/hooks`, events: ['*'], description: 'soak receiver' });

// --- the load --------------------------------------------------------------------------------

const counts = { rounds: 0, failures: 0 };
let lastFailure = '';
let running = true;

/** One round of a client: create, issue, read the shipment, its documents and its note's bytes. */
async function round(): Promise<void> {
  const created = (await (await call('POST', '/v1/shipments', fullShipment())).json()) as { id: string };
  await (await call('POST', `/v1/shipments/${created.id}/issue`)).arrayBuffer();
  await (await call('GET', `/v1/shipments/${created.id}`)).arrayBuffer();
  const documents = (await (await call('GET', `/v1/shipments/${created.id}/documents`)).json()) as { data: { id: string }[] };
  const note = documents.data[0];
  if (!note) throw new Error('the issued shipment has no document');
  const { url } = (await (await call('POST', `/v1/documents/${note.id}/download-url`)).json()) as { url: string };
  // The link names the public base URL; the service listens on a port of its own here.
  const link = new URL(url);
  await (await call('GET', `${link.pathname}${link.search}`)).arrayBuffer();
}

async function client(): Promise<void> {
  while (running) {
    try {
      await round();
      counts.rounds++;
    } catch (error) {
      counts.failures++;
      lastFailure = String(error);
      await sleep(100);
    }
  }
}

const started = performance.now();
const clients = Array.from({ length: CLIENTS }, () => client());
const backend = `${admin ? 'postgres' : 'pglite (DATA_DIR)'}${process.env.REDIS_URL ? ' + redis' : ' + memory key-value'}`;
console.log(`Memory soak: ${CLIENTS} clients of create + issue + read + webhooks for ${MINUTES} min, ${backend}, Node ${process.version}, ${allocator.description}; warm-up ${WARMUP_S} s, a sample every ${SAMPLE_S} s`);
await sleep(WARMUP_S * 1000);
while ((await ask<{ recycled: number }>(service, 'sample')).recycled < 1 && performance.now() - started < 15 * 60_000) await sleep(SAMPLE_S * 1000);
const warmedUp = performance.now();
console.log(`warmed up after ${((warmedUp - started) / 60_000).toFixed(1)} min, ${counts.rounds} rounds`);

const samples: MemorySample[] = [];
const end = warmedUp + MINUTES * 60_000;
const mb = (n: number) => (n / MB).toFixed(1).padStart(7);
console.log(`${'min'.padStart(6)} ${'rss'.padStart(7)} ${'heap'.padStart(7)} ${'extern'.padStart(7)} ${'arrbuf'.padStart(7)} ${'thrHeap'.padStart(7)} ${'thrExt'.padStart(7)} ${'wasm'.padStart(7)} ${'malloc'.padStart(7)}  rounds webhooks failures recycled  (MB; thr = render threads, summed)`);
for (;;) {
  const memory = await ask<Omit<MemorySample, 'minute' | 'rounds' | 'webhooks'> & { threads: { heapUsed: number; external: number }[]; recycled: number }>(service, 'sample');
  const { received } = await ask<{ received: number }>(receiver, 'count');
  const sample: MemorySample = {
    minute: (performance.now() - warmedUp) / 60_000,
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    wasm: memory.wasm,
    malloc: memory.malloc,
    threadHeap: memory.threads.reduce((s, t) => s + t.heapUsed, 0),
    threadExternal: memory.threads.reduce((s, t) => s + t.external, 0),
    rounds: counts.rounds,
    webhooks: received,
  };
  samples.push(sample);
  console.log(
    `${sample.minute.toFixed(2).padStart(6)} ${mb(sample.rss)} ${mb(sample.heapUsed)} ${mb(sample.external)} ${mb(sample.arrayBuffers)} ${mb(sample.threadHeap)} ${mb(sample.threadExternal)} ${mb(sample.wasm)} ${mb(sample.malloc)}  ${String(sample.rounds).padStart(6)} ${String(received).padStart(8)} ${String(counts.failures).padStart(8)} ${String(memory.recycled).padStart(8)}`,
  );
  if (performance.now() + SAMPLE_S * 1000 > end + 1) break;
  await sleep(SAMPLE_S * 1000);
}
running = false;
await Promise.all(clients);
if (lastFailure) console.log(`last failure: ${lastFailure}`);
console.log(soakReport(samples));

service.send('exit');
await once(service, 'exit');
receiver.send('exit');
await once(receiver, 'exit');
rmSync(dataDir, { recursive: true, force: true });
if (admin) await adminQuery(admin, `drop database if exists ${scratch} with (force)`);
