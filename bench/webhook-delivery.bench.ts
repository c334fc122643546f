/**
 * Benchmark: webhook delivery throughput of one DeliveryWorker (the runtime's, with its defaults:
 * 64 in flight, 16 per endpoint, 250 ms poll) — claim due rows FOR UPDATE SKIP LOCKED, sign each
 * body (HMAC-SHA256), POST it over the keep-alive node:http transport, record the outcome in
 * batches — measured from start until all N seeded deliveries of one endpoint are `succeeded`:
 * events/s = N / seconds. Against two baselines in the same run, in alternating rounds:
 *
 * - the durable baseline (bench/support/durable-delivery-loop.ts): a raw loop on `pg` that does
 *   the same durable work on the same tables — claims up to 512 due rows FOR UPDATE SKIP LOCKED
 *   with a lease, signs with the same HMAC, POSTs 16 in flight on keep-alive, records outcomes and
 *   attempt rows in batches (200, or after 10 ms) — and nothing else. Target: the
 *   worker keeps at least 80 % of its events/s. PostgreSQL only (DATABASE_URL); on the embedded
 *   database it is left out.
 * - for reference, a loop with the bare node:http client (`http.Agent({ keepAlive: true })`, 16 in
 *   flight like the worker's per-endpoint cap) POSTing the same N bodies, unsigned, to the same
 *   receiver, claiming and recording nothing.
 *
 * The receiver (read the body, answer 200 "ok") runs in a child process of its own for all three,
 * so its CPU does not compete with the sender's event loop. Seeding (~400-byte envelopes, inserted
 * in bulk as the fan-out writes them) is not measured; the tables are truncated and analysed
 * before each durable round.
 *
 * BENCH_DELIVERIES sets N (20 000); BENCH_DELIVERY_MAX_S caps one worker round (30 s), after which
 * the round's events/s is what it delivered so far over the time taken, and it is marked partial.
 * The POST percentiles of the worker are its recorded `duration_ms` (whole milliseconds). "CPU/event"
 * is this process's CPU time (user + system) per event: the sender's own cost; beside it the
 * receiver's and, for the durable loops, PostgreSQL's (the scratch database's backends, read from
 * /proc when the server runs on this machine). On a machine whose cores are all busy the ratio
 * follows the ratio of these CPU totals, so they say where a worker's event goes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { newId } from '../src/core/ids.js';
import { MAX_ATTEMPTS } from '../src/modules/webhooks/delivery-policy.js';
import { envelopeBody } from '../src/modules/webhooks/event-envelope.js';
import { startBenchService } from './support/bench-runtime.js';
import { openDurableLoop } from './support/durable-delivery-loop.js';

const N = Number(process.env.BENCH_DELIVERIES ?? 20_000);
const MAX_S = Number(process.env.BENCH_DELIVERY_MAX_S ?? 30);
const ROUNDS = 3;
const WARM_UP = Math.min(N, 2_000);
const IN_FLIGHT = 16;

interface Result {
  eps: number;
  seconds: number;
  delivered: number;
  /** Per POST, request sent to answer read, in ms. */
  p50: number;
  p99: number;
  /** This process's CPU time per event, in µs. */
  cpuUs: number;
  errors: number;
  /** The receiver's CPU time per event, in µs. */
  receiverUs: number;
  /** PostgreSQL's CPU time per event (the scratch database's backends), in µs, when its processes are visible here. */
  databaseUs?: number;
  partial?: boolean;
}

// --- the receiver, in its own process -------------------------------------------------------

async function startReceiver(): Promise<{ url: string; port: number; count(): Promise<number>; cpuUs(): Promise<number>; close(): Promise<void> }> {
  const child: ChildProcess = fork(join(import.meta.dirname, 'support', 'webhook-receiver-process.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [{ port }] = (await once(child, 'message')) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    async count() {
      child.send('count');
      const [{ received }] = (await once(child, 'message')) as [{ received: number }];
      return received;
    },
    async cpuUs() {
      child.send('count');
      const [{ cpuUs }] = (await once(child, 'message')) as [{ cpuUs: number }];
      return cpuUs;
    },
    async close() {
      child.send('exit');
      await once(child, 'exit');
    },
  };
}

const receiver = await startReceiver();
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '1';
const service = await startBenchService('webhook_delivery');
const db = service.runtime.services.db;
const worker = service.runtime.deliveries;

const created = await service.app.inject({
  method: 'POST',
  url: '/v1/webhook-endpoints',
  headers: { authorization: `Bearer ${service.key}` },
  payload: { url: receiver.url, events: ['*'], description: 'bench receiver' },
});
if (created.statusCode !== 201) throw new Error(`creating the endpoint: ${created.statusCode} ${created.body}`);
const endpoint = created.json<{ id: string; mode: 'test' | 'live' }>();

// --- the deliveries: ~400-byte envelopes, ids derived as the fan-out derives them ------------

const seededAt = new Date();
const deliveries = Array.from({ length: N }, (_, i) => {
  const eventId = newId('event', new Date(seededAt.getTime() + i));
  const body = envelopeBody({
    id: eventId,
    type: 'shipment.updated',
    created_at: seededAt,
    mode: endpoint.mode,
    data: {
      changed_fields: ['driver', 'pickup.instructions', 'pickup.window', 'delivery.window', 'goods[0].gross_weight_kg', 'vehicle.registration'],
      shipment_id: newId('shipment', seededAt),
      status: 'issued',
      seq: 2 + (i % 7),
      reference: `PO-2025-${String(100000 + i)}`,
      transport_type: 'road_domestic',
    },
  });
  const hash = createHash('sha256').update(`${eventId}/${endpoint.id}`).digest('hex').slice(0, 16).toUpperCase();
  return { id: `wd_${eventId.slice(4, 14)}${hash}`, event_id: eventId, body };
});
const meanBody = deliveries.reduce((s, d) => s + d.body.length, 0) / N;

async function seed(count: number): Promise<void> {
  await sql`truncate webhook_dead_letters, webhook_delivery_attempts, webhook_deliveries`.execute(db);
  const now = new Date().toISOString();
  for (let start = 0; start < count; start += 2_000) {
    const rows = deliveries.slice(start, Math.min(count, start + 2_000));
    await sql`
      insert into webhook_deliveries
        (id, organization_id, mode, endpoint_id, event_id, event_type, body, origin, status, max_attempts, next_attempt_at, created_at, updated_at)
      select r.id, ${service.organizationId}, ${endpoint.mode}, ${endpoint.id}, r.event_id, 'shipment.updated', r.body, 'event', 'pending', ${MAX_ATTEMPTS}, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, event_id text, body text)`.execute(db);
  }
  // The planner's view of a queue that has been running (autovacuum would otherwise analyse mid-round).
  await sql`analyze webhook_deliveries`.execute(db);
  await sql`analyze webhook_delivery_attempts`.execute(db);
}

/**
 * CPU time of each backend process on the scratch database (utime + stime from /proc, in µs), when
 * PostgreSQL runs on this machine and its processes are readable; otherwise undefined.
 */
async function databaseCpu(): Promise<Map<number, number> | undefined> {
  if (service.backend.startsWith('pglite')) return undefined;
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
  const cpu = new Map<number, number>();
  try {
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // Fields 14 and 15 of stat (utime, stime), here counted from field 3, in clock ticks of 10 ms.
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10_000);
    }
  } catch {
    return undefined;
  }
  return cpu;
}

function cpuSince(before: Map<number, number> | undefined, after: Map<number, number> | undefined): number | undefined {
  if (!before || !after) return undefined;
  let total = 0;
  for (const [pid, us] of after) total += us - (before.get(pid) ?? 0);
  return total;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const countWhere = async (status: string) =>
  Number((await sql<{ n: string }>`select count(*)::text as n from webhook_deliveries where status = ${status}`.execute(db)).rows[0]!.n);

function percentile(sorted: ArrayLike<number>, p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// --- the subject: the runtime's DeliveryWorker ------------------------------------------------

async function subjectRound(count: number, maxS = MAX_S): Promise<Result> {
  await seed(count);
  const receivedBefore = await receiver.count();
  const receiverBefore = await receiver.cpuUs();
  const databaseBefore = await databaseCpu();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const late = () => performance.now() - started > maxS * 1000;
  worker.start();
  // The receiver's counter first (no load on the database), then the deliveries' state: done when
  // none is pending, that is every outcome recorded.
  while ((await receiver.count()) - receivedBefore < count && !late()) await sleep(5);
  let pending = await countWhere('pending');
  while (pending > 0 && !late()) {
    await sleep(5);
    pending = await countWhere('pending');
  }
  const partial = pending > 0;
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const databaseUs = cpuSince(databaseBefore, await databaseCpu());
  const receiverUs = (await receiver.cpuUs()) - receiverBefore;
  const delivered = count - pending;
  await worker.stop();
  const succeeded = await countWhere('succeeded');
  const attempts = (await sql<{ d: number }>`select duration_ms as d from webhook_delivery_attempts where finished_at is not null`.execute(db)).rows;
  const durations = attempts.map((r) => r.d).sort((x, y) => x - y);
  return {
    eps: delivered / seconds,
    seconds,
    delivered,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    cpuUs: (cpu.user + cpu.system) / Math.max(1, delivered),
    errors: Math.max(0, delivered - succeeded),
    receiverUs: receiverUs / Math.max(1, delivered),
    databaseUs: databaseUs === undefined ? undefined : databaseUs / Math.max(1, delivered),
    partial,
  };
}

// --- the baseline: bare node:http, 16 in flight -----------------------------------------------

async function baselineRound(count: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true });
  const latencies = new Float64Array(count);
  let next = 0;
  let errors = 0;
  const post = (body: string) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        { host: '127.0.0.1', port: receiver.port, path: '/hooks', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => {
            Buffer.concat(chunks).toString('utf8');
            if (response.statusCode !== 200) errors++;
            resolve();
          });
        },
      );
      request.on('error', () => (errors++, resolve()));
      request.end(Buffer.from(body, 'utf8'));
    });
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const t = performance.now();
      await post(deliveries[i]!.body);
      latencies[i] = performance.now() - t;
    }
  };
  const receiverBefore = await receiver.cpuUs();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const receiverUs = (await receiver.cpuUs()) - receiverBefore;
  agent.destroy();
  latencies.sort();
  return { eps: count / seconds, seconds, delivered: count - errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuUs: (cpu.user + cpu.system) / count, errors, receiverUs: receiverUs / count };
}

// --- the durable baseline: a raw loop on pg, same tables, same work ---------------------------

const durableLoop = service.databaseUrl ? await openDurableLoop(service.databaseUrl) : undefined;
const secret = (await sql<{ secret: string }>`select secret from webhook_endpoints where id = ${endpoint.id}`.execute(db)).rows[0]!.secret;

async function durableRound(count: number): Promise<Result> {
  await seed(count);
  const receiverBefore = await receiver.cpuUs();
  const databaseBefore = await databaseCpu();
  const r = await durableLoop!.round({ endpointId: endpoint.id, secret, port: receiver.port, userAgent: 'freight-document-service-webhooks/bench', count });
  const databaseUs = cpuSince(databaseBefore, await databaseCpu());
  const receiverUs = (await receiver.cpuUs()) - receiverBefore;
  const succeeded = await countWhere('succeeded');
  return {
    eps: count / r.seconds,
    seconds: r.seconds,
    delivered: count,
    p50: percentile(r.latencies, 50),
    p99: percentile(r.latencies, 99),
    cpuUs: r.cpuUs / count,
    errors: r.errors + Math.max(0, count - succeeded),
    receiverUs: receiverUs / count,
    databaseUs: databaseUs === undefined ? undefined : databaseUs / count,
  };
}

// --- the run ------------------------------------------------------------------------------------

function row(name: string, r: Result): string {
  const partial = r.partial ? `   PARTIAL: ${r.delivered} of ${N} in ${r.seconds.toFixed(0)} s` : '';
  return `${name.padEnd(34)} ${r.eps.toFixed(0).padStart(7)} events/s   ${r.seconds.toFixed(2).padStart(6)} s   POST p50 ${r.p50.toFixed(1).padStart(4)} ms   p99 ${r.p99.toFixed(1).padStart(4)} ms   CPU/event ${r.cpuUs.toFixed(0).padStart(3)} µs (receiver ${r.receiverUs.toFixed(0).padStart(3)}, PostgreSQL ${r.databaseUs === undefined ? '  -' : r.databaseUs.toFixed(0).padStart(3)})   errors ${r.errors}${partial}`;
}

const benchStarted = performance.now();
const durable = durableLoop !== undefined;
console.log(
  `webhook delivery, 1 endpoint, ${N} deliveries (~${meanBody.toFixed(0)}-byte bodies) per round: DeliveryWorker vs ${durable ? 'a durable raw pg loop and ' : ''}a bare node:http client (${IN_FLIGHT} in flight) — ${service.backend}, receiver in a child process, Node ${process.version}`,
);
// Warm-up: the bare loop's whole set (it also warms the receiver), the durable loop's and the worker's first 2 000 (at most 10 s).
await baselineRound(N);
if (durable) await durableRound(WARM_UP);
await subjectRound(WARM_UP, Math.min(MAX_S, 10));
const receivedBefore = await receiver.count();
const baseRuns: Result[] = [];
const durableRuns: Result[] = [];
const subjectRuns: Result[] = [];
for (let i = 0; i < ROUNDS; i++) {
  baseRuns.push(await baselineRound(N));
  if (durable) durableRuns.push(await durableRound(N));
  subjectRuns.push(await subjectRound(N));
}
const received = (await receiver.count()) - receivedBefore;
const median = (runs: Result[]) => [...runs].sort((x, y) => x.eps - y.eps)[Math.floor(runs.length / 2)]!;
const base = median(baseRuns);
const subject = median(subjectRuns);
const fixed = (x: number) => x.toFixed(x < 0.1 ? 3 : 2);

console.log(row('bare node:http POST', base));
if (durable) console.log(row('durable raw pg loop', median(durableRuns)));
console.log(row('DeliveryWorker (signed, recorded)', subject));
console.log(`runs (events/s): bare ${baseRuns.map((x) => x.eps.toFixed(0)).join(', ')}; ${durable ? `durable ${durableRuns.map((x) => x.eps.toFixed(0)).join(', ')}; ` : ''}worker ${subjectRuns.map((x) => x.eps.toFixed(0)).join(', ')}`);
if (durable) {
  const durableBase = median(durableRuns);
  console.log(`ratio (worker / durable raw pg loop): ${fixed(subject.eps / durableBase.eps)}  (target ≥ 0.80)`);
  console.log(`ratio (durable raw pg loop / bare, for reference): ${fixed(durableBase.eps / base.eps)}`);
} else {
  console.log('durable raw pg loop: left out on the embedded database (set DATABASE_URL)');
}
console.log(`ratio (worker / bare, for reference): ${fixed(subject.eps / base.eps)}`);
const expected = [...baseRuns, ...durableRuns, ...subjectRuns].reduce((s, r) => s + r.delivered, 0);
console.log(`requests the receiver got in the measured rounds: ${received} (expected ${expected} or more)`);
console.log(`bench time ${((performance.now() - benchStarted) / 1000).toFixed(1)} s`);

await durableLoop?.close();
await service.close();
await receiver.close();
if ([...subjectRuns, ...durableRuns, ...baseRuns].some((r) => r.errors > 0)) process.exitCode = 1;
