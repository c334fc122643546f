/**
 * Benchmark: what issuing drafts at full rate does to creating shipments. Issuing renders and
 * seals version 1 of the note before its transaction (DESIGN, Lifecycle: render, store, then commit
 * in a short transaction that re-checks the head), so no transaction, row lock or pooled connection
 * waits on a render: creates go on while notes render. On PGlite (one session) a render inside the
 * transaction would hold the whole database; on PostgreSQL, a pool connection each.
 *
 * In alternating rounds, a POST /v1/shipments probe (drafts, BENCH_PROBE_CONNECTIONS connections,
 * its own process) runs alone, then while POST /v1/shipments/{id}/issue runs at full load
 * (BENCH_CONNECTIONS, each request issuing the next of drafts made beforehand, its own process).
 * Medians of three rounds (BENCH_ROUNDS). Runs on the embedded PGlite, then on PostgreSQL (a scratch database)
 * when DATABASE_URL is set.
 *
 * A fairer baseline beside "alone", as in issue-load.bench.ts: the same issuing of drafts sent to a
 * neighbour, a second service in a process of its own on the same machine. On two cores the load
 * generator, the database, the render threads and the probe contend for the CPU whichever process
 * issues; the probe's p99 while the neighbour issues is what that costs any process, and its p99
 * while this process issues, set against it, is what issuing adds within the process.
 *
 * Target: POST /v1/shipments p99 while issuing within 2× of its p99 alone (and, printed beside it,
 * of its p99 while the neighbour issues).
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { WorkerRenderPool } from '../src/adapters/pdf-renderer/worker-pool.js';
import { fullShipment } from '../test/support/shipment-fixtures.js';
import { startBenchService, type BenchService } from './support/bench-runtime.js';
import { CONNECTIONS, DURATION_S, load, row, type Result } from './support/load.js';

const PROBE_CONNECTIONS = Number(process.env.BENCH_PROBE_CONNECTIONS ?? 2);
/** Issuing runs this long before the probe starts, and on after it ends: the probe sees full load only. */
const RAMP_S = 2;
/** Rounds of the three probes; the p99s of single rounds range widely on two cores, so more rounds (BENCH_ROUNDS) steady the medians. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Drafts made per issuing run: more than any run on this machine issues (it reports how many it used). */
const DRAFTS_PER_RUN = Number(process.env.BENCH_DRAFTS ?? 2500);

const run = promisify(execFile);
const body = JSON.stringify(fullShipment());

type IssueResult = Result & { used: number; drafts: number };

/** A service the bench loads: the one under test (in this process) or the neighbour (another). */
type Served = Pick<BenchService, 'address' | 'key'>;

async function drafts(service: Served, count: number): Promise<string[]> {
  const ids: string[] = [];
  const headers = { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' };
  const worker = async () => {
    while (ids.length < count) {
      const res = await fetch(`${service.address}/v1/shipments`, { method: 'POST', headers, body });
      const answer = (await res.json()) as { id: string };
      if (res.status !== 201) throw new Error(`draft create answered ${res.status}: ${JSON.stringify(answer)}`);
      ids.push(answer.id);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return ids;
}

/** The neighbour: the same service in another process, on the backend this process uses now. */
async function startNeighbour(): Promise<Served & { close: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support', 'service-process.ts'), 'create_while_issuing_neighbour'], { stdio: ['pipe', 'pipe', 'inherit'], env: process.env });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const served = JSON.parse(line) as Served;
  const exited = once(child, 'exit');
  return {
    ...served,
    close: async () => {
      child.stdin!.end();
      await exited;
    },
  };
}

async function issueDrafts(service: Served, ids: string[], seconds: number): Promise<IssueResult> {
  const dir = mkdtempSync(join(tmpdir(), 'fds-bench-drafts-'));
  const idsFile = join(dir, 'ids.txt');
  writeFileSync(idsFile, ids.join('\n'));
  const options = { address: service.address, headers: { authorization: `Bearer ${service.key}` }, idsFile, connections: CONNECTIONS, seconds };
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support', 'issue-drafts-process.ts'), JSON.stringify(options)], { maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as IssueResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const medianRun = <T>(runs: T[], key: (r: T) => number) => runs.find((r) => key(r) === median(runs.map(key)))!;

async function measure(service: BenchService): Promise<boolean> {
  const create = { url: `${service.address}/v1/shipments`, method: 'POST' as const, headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' }, body, connections: PROBE_CONNECTIONS };
  const { threads, queue } = service.runtime.config.render;
  console.log(
    `POST /v1/shipments (draft) at ${PROBE_CONNECTIONS} connections vs POST /v1/shipments/{id}/issue at ${CONNECTIONS} — ${service.backend}, ` +
      `render threads ${threads} (queue ${queue}), ${DURATION_S} s rounds, Node ${process.version}`,
  );
  const neighbour = await startNeighbour();
  await load(create, 2);
  await issueDrafts(service, await drafts(service, 50), 2);
  await issueDrafts(neighbour, await drafts(neighbour, 50), 2);
  const alone: Result[] = [];
  const during: Result[] = [];
  const nextDoor: Result[] = [];
  const issuing: IssueResult[] = [];
  const issuingNextDoor: IssueResult[] = [];
  /** The create probe while `issuer` issues drafts of its own at full load. */
  const probeWhileIssuing = async (issuer: Served, probes: Result[], issues: IssueResult[]) => {
    const ids = await drafts(issuer, DRAFTS_PER_RUN);
    const issued = issueDrafts(issuer, ids, DURATION_S + 2 * RAMP_S + 1);
    await sleep(RAMP_S * 1000);
    probes.push(await load(create, DURATION_S));
    issues.push(await issued);
  };
  for (let i = 0; i < ROUNDS; i++) {
    alone.push(await load(create, DURATION_S));
    await probeWhileIssuing(neighbour, nextDoor, issuingNextDoor);
    await probeWhileIssuing(service, during, issuing);
  }
  await neighbour.close();
  const createAlone = medianRun(alone, (r) => r.p99);
  const createDuring = medianRun(during, (r) => r.p99);
  const createNextDoor = medianRun(nextDoor, (r) => r.p99);
  const issued = medianRun(issuing, (r) => r.rps);
  console.log(row('POST /v1/shipments alone', createAlone));
  console.log(row('POST /v1/shipments, neighbour', createNextDoor));
  console.log(row('POST /v1/shipments issuing', createDuring));
  console.log(row('POST …/issue', issued));
  console.log(
    `runs: create p99 alone ${alone.map((r) => r.p99).join(', ')} ms; while the neighbour issues ${nextDoor.map((r) => r.p99).join(', ')} ms; while issuing ${during.map((r) => r.p99).join(', ')} ms; ` +
      `issue req/s ${issuing.map((r) => r.rps.toFixed(1)).join(', ')} (drafts used ${issuing.map((r) => `${r.used}/${r.drafts}`).join(', ')})`,
  );
  console.log(`create p99 alone ${createAlone.p99} ms, while issuing ${createDuring.p99} ms; ratio ${(createDuring.p99 / Math.max(createAlone.p99, 1)).toFixed(2)}  (target ≤ 2.00)`);
  console.log(`create p99 while the neighbour issues ${createNextDoor.p99} ms (neighbour issue req/s ${issuingNextDoor.map((r) => r.rps.toFixed(1)).join(', ')}); ratio (issuing / neighbour issuing) ${(createDuring.p99 / Math.max(createNextDoor.p99, 1)).toFixed(2)}  (≤ 2.00)`);

  // Requests the load generator left behind when it stopped still finish before the service closes.
  const renderer = service.runtime.services.renderer as WorkerRenderPool;
  while (renderer.pending > 0) await sleep(100);
  return [...alone, ...during, ...nextDoor].some((r) => r.errors + r.non2xx > 0) || [...issuing, ...issuingNextDoor].some((r) => r.errors + r.non2xx > 0 || r.used >= r.drafts);
}

// The embedded defaults first: the bench service takes PostgreSQL (and Redis) whenever they are set.
const external = { DATABASE_URL: process.env.DATABASE_URL, MIGRATION_DATABASE_URL: process.env.MIGRATION_DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
for (const name of Object.keys(external)) delete process.env[name];
const embedded = await startBenchService('create_while_issuing');
let failed = await measure(embedded);
await embedded.close();
if (external.DATABASE_URL) {
  for (const [name, value] of Object.entries(external)) if (value !== undefined) process.env[name] = value;
  const postgres = await startBenchService('create_while_issuing');
  failed = (await measure(postgres)) || failed;
  await postgres.close();
}
if (failed) process.exitCode = 1;
