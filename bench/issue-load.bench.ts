/**
 * Benchmark: what issuing at full load does to the rest of the API process. Issuing renders and
 * seals the consignment note in the request (DESIGN, Lifecycle), in the render threads; the event
 * loop must stay free for everything else. In alternating rounds, a keyed GET /v1/whoami latency
 * probe (a few connections, its own process) runs alone, then while POST /v1/shipments?issue=true
 * runs at full load (BENCH_CONNECTIONS, fresh Idempotency-Key each, its own process); the event-loop
 * delay of this process (which serves the API) is sampled every millisecond meanwhile. Medians of
 * three rounds each. Runs on PostgreSQL when DATABASE_URL is set (a scratch database), else on
 * the embedded defaults; `npm run bench` runs it on both (bench/run-all.ts).
 *
 * A fairer baseline beside "alone": the same issuing load sent to a neighbour, a second service in
 * a process of its own on the same machine. On two cores, the load generator, PostgreSQL, the render
 * threads and the probe itself contend for the CPU whichever process issues; the probe's p99 while
 * the neighbour issues is what that contention costs any process, and the p99 while this process
 * issues, set against it, is what issuing adds to the rest of the API process.
 *
 * The baseline that asks what issuing itself costs the event loop: the same request rate of plain
 * creates. The issuing rate R is measured first (the full-load rounds above); then, alternating,
 * the probe runs while drafts are created at R (POST /v1/shipments, no render) and while notes are
 * issued at R. Both send the same requests per second and the same body through the same load
 * generator, spread evenly over each second (./support/paced-load.ts: autocannon's own rate limit
 * sends a second's requests together at its top, and a burst that short hid most of the drafts'
 * cost from the probe's p99 while the issues' longer one did not); what differs is the render, its
 * sealing, the stored PDF and the issue's events.
 *
 * Targets: event-loop delay p99 under 20 ms while issuing at full load; whoami p99 while issuing at
 * R within 2× of its p99 while creating drafts at R; whoami p99 during issuing within 2× of its p99
 * alone and of its p99 while the neighbour issues (printed); and the POST ?issue=true rate.
 * BENCH_ISSUE_RATE_ONLY=1 skips the alone and neighbour rounds (R is still measured at full load).
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { WorkerRenderPool } from '../src/adapters/pdf-renderer/worker-pool.js';
import { fullShipment } from '../test/support/shipment-fixtures.js';
import { startBenchService } from './support/bench-runtime.js';
import { CONNECTIONS, DURATION_S, load, row, type Result, type Target } from './support/load.js';

const PROBE_CONNECTIONS = Number(process.env.BENCH_PROBE_CONNECTIONS ?? 2);
/** Issuing runs this long before the probe starts, and on after it ends: the probe sees full load only. */
const RAMP_S = 2;
const ROUNDS = 3;
const RATE_ONLY = process.env.BENCH_ISSUE_RATE_ONLY === '1';

const run = promisify(execFile);
const service = await startBenchService('issue_load');
const headers = { authorization: `Bearer ${service.key}` };
const issueAt = (address: string, key: string) => ({
  url: `${address}/v1/shipments?issue=true`,
  method: 'POST' as const,
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: JSON.stringify(fullShipment()),
  uniqueIdempotencyKey: true,
});
const issue = issueAt(service.address, service.key);
const draft = { ...issue, url: `${service.address}/v1/shipments` };

// The neighbour: the same service in another process, which the fair baseline's load goes to.
const neighbourProcess = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support', 'service-process.ts'), 'issue_neighbour'], { stdio: ['pipe', 'pipe', 'inherit'] });
const [neighbourLine] = (await once(createInterface({ input: neighbourProcess.stdout! }), 'line')) as [string];
const neighbour = JSON.parse(neighbourLine) as { address: string; key: string };
const issueNeighbour = issueAt(neighbour.address, neighbour.key);

async function probe(seconds: number): Promise<Result> {
  const options = { url: `${service.address}/v1/whoami`, headers, connections: PROBE_CONNECTIONS, seconds };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support', 'latency-probe.ts'), JSON.stringify(options)]);
  return JSON.parse(stdout) as Result;
}

const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();

/** The probe's result and the event-loop delay p99 (ms) over the time it ran. */
async function probed(): Promise<{ whoami: Result; loopP99: number }> {
  loop.reset();
  const whoami = await probe(DURATION_S);
  return { whoami, loopP99: loop.percentile(99) / 1e6 };
}

/** The probe while `target` runs: at full load, or at its `rate`. */
async function probedWhileIssuing(target: Target = issue): Promise<{ whoami: Result; loopP99: number; issuing: Result }> {
  const issuing = load(target, DURATION_S + 2 * RAMP_S + 1);
  await sleep(RAMP_S * 1000);
  const probe = await probed();
  return { ...probe, issuing: await issuing };
}

const { threads, queue } = service.runtime.config.render;
console.log(
  `POST /v1/shipments?issue=true at ${CONNECTIONS} connections vs a keyed GET /v1/whoami probe at ${PROBE_CONNECTIONS} — ${service.backend}, ` +
    `render threads ${threads} (queue ${queue}), ${DURATION_S} s rounds, Node ${process.version}`,
);
await load(issue, 2);
await load(draft, 2);
if (!RATE_ONLY) await load(issueNeighbour, 2);
await probe(2);
const alone: Awaited<ReturnType<typeof probed>>[] = [];
const nextDoor: Awaited<ReturnType<typeof probedWhileIssuing>>[] = [];
const issuing: Awaited<ReturnType<typeof probedWhileIssuing>>[] = [];
for (let i = 0; i < ROUNDS; i++) {
  if (!RATE_ONLY) alone.push(await probed());
  if (!RATE_ONLY) nextDoor.push(await probedWhileIssuing(issueNeighbour));
  issuing.push(await probedWhileIssuing());
}
neighbourProcess.stdin!.end();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The run whose `key` is the median of the runs. */
const medianRun = <T>(runs: T[], key: (r: T) => number) => runs.find((r) => key(r) === median(runs.map(key)))!;
const issued = medianRun(issuing, (r) => r.issuing.rps).issuing;

// The same request rate, with and without the render: R, the issuing rate at full load just measured.
const rate = Math.max(1, Math.round(issued.rps));
const drafting: Awaited<ReturnType<typeof probedWhileIssuing>>[] = [];
const issuingAtRate: Awaited<ReturnType<typeof probedWhileIssuing>>[] = [];
for (let i = 0; i < ROUNDS; i++) {
  drafting.push(await probedWhileIssuing({ ...draft, rate }));
  issuingAtRate.push(await probedWhileIssuing({ ...issue, rate }));
}
loop.disable();

const fixed = (n: number, digits = 1) => n.toFixed(digits);
const p99s = (runs: { whoami: Result }[]) => runs.map((r) => fixed(r.whoami.p99, 2)).join(', ');
const whoamiDrafting = medianRun(drafting, (r) => r.whoami.p99).whoami;
const whoamiIssuingAtRate = medianRun(issuingAtRate, (r) => r.whoami.p99).whoami;
console.log(`at R = ${rate} requests/s (the issuing rate at full load), ${service.backend}:`);
console.log(row('GET /v1/whoami, drafts at R', whoamiDrafting));
console.log(row('GET /v1/whoami, issuing at R', whoamiIssuingAtRate));
console.log(row('POST drafts at R', medianRun(drafting, (r) => r.issuing.rps).issuing));
console.log(row('POST ?issue=true at R', medianRun(issuingAtRate, (r) => r.issuing.rps).issuing));
console.log(
  `runs: whoami p99 drafts at R ${p99s(drafting)} ms; issuing at R ${p99s(issuingAtRate)} ms; ` +
    `event-loop p99 drafts at R ${drafting.map((r) => fixed(r.loopP99)).join(', ')} ms; issuing at R ${issuingAtRate.map((r) => fixed(r.loopP99)).join(', ')} ms`,
);
console.log(
  `whoami p99 while issuing at R ${fixed(whoamiIssuingAtRate.p99, 2)} ms, while creating drafts at R ${fixed(whoamiDrafting.p99, 2)} ms: ` +
    `ratio ${(whoamiIssuingAtRate.p99 / Math.max(whoamiDrafting.p99, 0.01)).toFixed(2)}  (target ≤ 2.00)`,
);
printFullLoad();

function printFullLoad(): void {
  const whoamiIssuing = medianRun(issuing, (r) => r.whoami.p99).whoami;
  const loopIssuing = median(issuing.map((r) => r.loopP99));
  console.log(`at full load, ${service.backend}:`);
  console.log(row('GET /v1/whoami issuing', whoamiIssuing));
  console.log(row('POST ?issue=true', issued));
  console.log(`event-loop delay p99 while issuing: ${fixed(loopIssuing)} ms  (target < 20 ms)`);
  console.log(`POST /v1/shipments?issue=true: ${fixed(issued.rps, 0)} requests/s`);
  if (RATE_ONLY) return;
  const whoamiAlone = medianRun(alone, (r) => r.whoami.p99).whoami;
  const whoamiNextDoor = medianRun(nextDoor, (r) => r.whoami.p99).whoami;
  console.log(row('GET /v1/whoami alone', whoamiAlone));
  console.log(row('GET /v1/whoami, neighbour', whoamiNextDoor));
  console.log(row('POST neighbour ?issue=true', medianRun(nextDoor, (r) => r.issuing.rps).issuing));
  console.log(
    `runs: whoami p99 alone ${p99s(alone)} ms; neighbour issuing ${p99s(nextDoor)} ms; issuing ${p99s(issuing)} ms; ` +
      `event-loop p99 alone ${alone.map((r) => fixed(r.loopP99)).join(', ')} ms; issuing ${issuing.map((r) => fixed(r.loopP99)).join(', ')} ms; ` +
      `issue req/s ${issuing.map((r) => fixed(r.issuing.rps, 0)).join(', ')}`,
  );
  console.log(`event-loop delay p99 alone: ${fixed(median(alone.map((r) => r.loopP99)))} ms`);
  console.log(`whoami p99 ratio (issuing / alone): ${(whoamiIssuing.p99 / Math.max(whoamiAlone.p99, 0.01)).toFixed(2)}  (≤ 2.00)`);
  console.log(`whoami p99 ratio (issuing / neighbour issuing): ${(whoamiIssuing.p99 / Math.max(whoamiNextDoor.p99, 0.01)).toFixed(2)}  (≤ 2.00)`);
}

// Requests the load generator left behind when it stopped still finish before the service closes.
const renderer = service.runtime.services.renderer as WorkerRenderPool;
while (renderer.pending > 0) await sleep(100);
await service.close();
// The neighbour may have exited already (its stdin closed rounds ago): waiting for an exit it made would never end.
if (neighbourProcess.exitCode === null && neighbourProcess.signalCode === null) await once(neighbourProcess, 'exit');
const loaded = [...nextDoor, ...issuing, ...drafting, ...issuingAtRate];
const failed = [...alone, ...loaded].some((r) => r.whoami.errors + r.whoami.non2xx > 0) || loaded.some((r) => r.issuing.errors + r.issuing.non2xx > 0);
if (failed) process.exitCode = 1;
