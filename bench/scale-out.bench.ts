/**
 * Benchmark: scaling out on one PostgreSQL. Starts 1, 2 and 4 API processes (`ROLE=api`) with
 * workers beside them (`ROLE=worker`, half as many, at least one), as `npm start` runs them, on one
 * scratch database migrated once by `npm run migrate` (the processes start with MIGRATE_ON_START=0)
 * and the Redis of REDIS_URL. The same total load (BENCH_CONNECTIONS, split evenly, one load
 * generator per API process) then creates shipments, then creates and issues them (render and seal in
 * each process's threads). Printed per step: the throughput summed over processes, the worst p99,
 * and the CPU each part used over the phase, in cores: each API process, the workers, all
 * PostgreSQL backends, Redis, the rest (the load generators and anything else on the machine), and
 * the machine's busy time. Where the machine's busy time reaches its core count, or PostgreSQL's
 * share stops leaving room, throughput stops growing with processes; the table shows which.
 *
 * Also printed: each process's time from spawn to its first ready answer (GET /v1/health 200),
 * which is what a restart after a kill costs. Needs DATABASE_URL (the embedded database is one
 * process); BENCH_SCALE_STEPS changes the steps (default "1,2,4"), BENCH_DURATION_S the phases.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../test/support/listening-app.js';
import { fullShipment } from '../test/support/shipment-fixtures.js';
import { cpuOf, cpuOfNamed, machineBusy, peakResidentMib, usedBetween } from './support/proc-cpu.js';
import { CONNECTIONS, DURATION_S, load, type Result } from './support/load.js';

const STEPS = (process.env.BENCH_SCALE_STEPS ?? '1,2,4').split(',').map(Number);
const ROOT = join(import.meta.dirname, '..');
const admin = process.env.DATABASE_URL;
if (!admin) {
  console.log('scale-out bench: DATABASE_URL is not set; API and worker processes side by side need PostgreSQL. Skipped.');
  process.exit(0);
}

async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(query);
  await client.end();
}

/** Runs the operator CLI (`npm run cli`) and returns its one JSON line. */
async function cli(args: string[], env: Record<string, string>): Promise<Record<string, string>> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args, '--json'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`cli ${args.join(' ')} exited ${code}`);
  return JSON.parse(out) as Record<string, string>;
}

interface ServiceProcess {
  child: ChildProcess;
  port?: number;
  /** Seconds from spawn to the first 200 of GET /v1/health (API) or to the "started" log line (worker). */
  readyS: number;
}

/** Starts one process as `npm start` does (sources under tsx), and waits until it is ready. */
async function startProcess(role: 'api' | 'worker', env: Record<string, string>): Promise<ServiceProcess> {
  const port = role === 'api' ? await freePort() : undefined;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, ROLE: role, LOG_LEVEL: 'info', ...(port ? { PORT: String(port) } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const deadline = started + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${role} process exited ${child.exitCode} while starting:\n${out}`);
    if (performance.now() > deadline) throw new Error(`${role} process not ready after 120 s:\n${out}`);
    if (port ? await isReady(port) : out.includes('"started"')) break;
    await sleep(20);
  }
  return { child, port, readyS: (performance.now() - started) / 1000 };
}

async function isReady(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/v1/health`)).status === 200;
  } catch {
    return false;
  }
}

async function stop(processes: ServiceProcess[]): Promise<void> {
  await Promise.all(
    processes.map(async (p) => {
      const exited = once(p.child, 'exit');
      p.child.kill('SIGTERM');
      await exited;
    }),
  );
}

interface PhaseResult {
  rps: number;
  p99: number;
  failed: number;
  /** Cores used over the phase. */
  cpu: { api: number[]; workers: number; postgres: number; redis: number; rest: number; busy: number };
}

/** One phase: the same total load split over the API processes, with the CPU each part used meanwhile. */
async function phase(apis: ServiceProcess[], workers: ServiceProcess[], path: string, key: string, seconds: number): Promise<PhaseResult> {
  const connections = Math.max(1, Math.round(CONNECTIONS / apis.length));
  const targets = apis.map((a) => ({
    url: `http://127.0.0.1:${a.port}${path}`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(fullShipment()),
    uniqueIdempotencyKey: true,
    connections,
  }));
  const sample = () => ({
    api: cpuOf(apis.map((a) => a.child.pid!)),
    workers: cpuOf(workers.map((w) => w.child.pid!)).reduce((x, y) => x + y, 0),
    postgres: cpuOfNamed('postgres'),
    redis: cpuOfNamed('redis-server'),
    busy: machineBusy(),
  });
  const before = sample();
  const started = performance.now();
  const results: Result[] = await Promise.all(targets.map((t) => load(t, seconds)));
  const elapsed = (performance.now() - started) / 1000;
  const after = sample();
  const cores = (a: number, b: number) => (a - b) / elapsed;
  const api = after.api.map((v, i) => cores(v, before.api[i]!));
  const workersCores = cores(after.workers, before.workers);
  const postgres = usedBetween(before.postgres, after.postgres) / elapsed;
  const redis = usedBetween(before.redis, after.redis) / elapsed;
  const busy = cores(after.busy, before.busy);
  const known = api.reduce((x, y) => x + y, 0) + workersCores + postgres + redis;
  return {
    rps: results.reduce((sum, r) => sum + r.rps, 0),
    p99: Math.max(...results.map((r) => r.p99)),
    failed: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    cpu: { api, workers: workersCores, postgres, redis, rest: Math.max(0, busy - known), busy },
  };
}

const scratch = `fds_bench_scale_${process.pid}`;
await adminQuery(`create database ${scratch}`);
const url = new URL(admin);
url.pathname = `/${scratch}`;
const dataDir = mkdtempSync(join(tmpdir(), 'fds-bench-scale-'));
const env = {
  DATABASE_URL: url.toString(),
  DATA_DIR: dataDir,
  ENVIRONMENT: 'test',
  MIGRATE_ON_START: '0',
  RATE_LIMIT_REQUESTS: '1000000000',
  HOST: '127.0.0.1',
};
const rows: { apis: number; workers: number; readyS: number[]; peakMib: { api: number; worker: number }; create: PhaseResult; issue: PhaseResult }[] = [];
let failed = false;
try {
  const migrateStarted = performance.now();
  const { schema_version: version } = await cli(['migrate'], env);
  const migrateS = (performance.now() - migrateStarted) / 1000;
  const { organization_id: org } = await cli(['org', 'create', '--name', 'Scale bench'], env);
  const { key } = await cli(['keys', 'create', '--org', org!, '--mode', 'test'], env);
  console.log(
    `Scale-out on one PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ' (no REDIS_URL: each process counts rate limits alone)'}: ${STEPS.join(', ')} API processes, ` +
      `${CONNECTIONS} connections in all, ${DURATION_S} s per phase, ${cpus().length} cores, Node ${process.version}; npm run migrate to schema ${version} took ${migrateS.toFixed(1)} s`,
  );
  for (const n of STEPS) {
    const workerCount = Math.max(1, Math.ceil(n / 2));
    // Started together, as a deployment rolls them out; each is timed from its own spawn.
    const apis = await Promise.all(Array.from({ length: n }, () => startProcess('api', env)));
    const workers = await Promise.all(Array.from({ length: workerCount }, () => startProcess('worker', env)));
    try {
      // Warm-up: connections, the JIT, and the render threads (they start with the first job).
      await Promise.all(apis.map((a) => load({ url: `http://127.0.0.1:${a.port}/v1/shipments?issue=true`, method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(fullShipment()), uniqueIdempotencyKey: true, connections: 2 }, 2)));
      const create = await phase(apis, workers, '/v1/shipments', key!, DURATION_S);
      const issue = await phase(apis, workers, '/v1/shipments?issue=true', key!, DURATION_S);
      const peak = (ps: ServiceProcess[]) => Math.max(...ps.map((p) => peakResidentMib(p.child.pid!)));
      rows.push({ apis: n, workers: workerCount, readyS: [...apis, ...workers].map((p) => p.readyS), peakMib: { api: peak(apis), worker: peak(workers) }, create, issue });
      failed ||= create.failed + issue.failed > 0;
    } finally {
      // Let the requests the load generators left behind finish: SIGTERM drains them.
      await stop([...apis, ...workers]);
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(`drop database if exists ${scratch} with (force)`);
}

const f = (n: number, d = 2) => n.toFixed(d);
console.log('');
console.log('api  workers  phase            req/s   p99 ms   CPU in cores: each API process | workers | postgres | redis | rest (load generators, other work) | machine busy');
for (const r of rows) {
  for (const [name, p] of [['create', r.create], ['create+issue', r.issue]] as const) {
    console.log(
      `${String(r.apis).padStart(3)}  ${String(r.workers).padStart(7)}  ${name.padEnd(13)} ${f(p.rps, 0).padStart(7)}  ${String(p.p99).padStart(7)}   ` +
        `${p.cpu.api.map((c) => f(c)).join(' ')} | ${f(p.cpu.workers)} | ${f(p.cpu.postgres)} | ${f(p.cpu.redis)} | ${f(p.cpu.rest)} | ${f(p.cpu.busy)} of ${cpus().length}` +
        (p.failed > 0 ? `   FAILED ${p.failed}` : ''),
    );
  }
}
const base = rows[0];
if (base) {
  for (const r of rows.slice(1)) {
    console.log(`${r.apis} API processes vs ${base.apis}: create ×${f(r.create.rps / base.create.rps)}, create+issue ×${f(r.issue.rps / base.issue.rps)}`);
  }
}
console.log(`peak resident memory per process (MiB): ${rows.map((r) => `${r.apis} API: api ${f(r.peakMib.api, 0)}, worker ${f(r.peakMib.worker, 0)}`).join('; ')}`);
const ready = rows.flatMap((r) => r.readyS).sort((a, b) => a - b);
console.log(`start to ready (spawn → GET /v1/health 200, or "started" for workers), ${ready.length} processes: median ${f(ready[Math.floor(ready.length / 2)]!, 1)} s, max ${f(ready.at(-1)!, 1)} s`);
if (failed) process.exitCode = 1;
