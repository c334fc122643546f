/**
 * Benchmark: GET /v1/whoami with a valid key (the whole request path: request id, API key
 * authentication with its 5 s cache, rate limit, access rule, request-log row) against a bare
 * Fastify route, in the same run on the same machine, and their ratio. Runs on PostgreSQL and
 * Redis when DATABASE_URL and REDIS_URL are set (as the target asks), else on the embedded
 * defaults. The load comes from autocannon in a separate process, so it does not share the
 * server's event loop. Logging is at `warn` for both servers: the comparison is of the request path.
 *
 * Target (issue 2): the keyed route keeps at least 60 % of the bare route's throughput.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { openPglite } from '../src/adapters/database/pglite.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createApiKey } from '../src/modules/api-keys/create-api-key.js';
import { createOrganization } from '../src/modules/organizations/create-organization.js';
import { createRuntime } from '../src/runtime.js';
import { WhoAmISchema } from '../src/modules/system/system.schema.js';

const run = promisify(execFile);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const autocannon = join(import.meta.dirname, '..', 'node_modules', 'autocannon', 'autocannon.js');

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Result> {
  const args = [autocannon, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(stdout);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

// A database of its own on the given server, dropped at the end: earlier data (and the autovacuum
// it triggers) would otherwise make runs incomparable.
let benchDatabaseUrl: string | undefined;
const admin = process.env.DATABASE_URL;
const benchDb = `fds_bench_${process.pid}`;
if (admin) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${benchDb}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${benchDb}`;
  benchDatabaseUrl = url.toString();
}

const dataDir = mkdtempSync(join(tmpdir(), 'fds-bench-'));
const config = loadConfig({
  ...process.env,
  ...(benchDatabaseUrl ? { DATABASE_URL: benchDatabaseUrl } : {}),
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  RATE_LIMIT_REQUESTS: '1000000000',
  RATE_LIMIT_WINDOW_S: '1',
  ENVIRONMENT: 'test',
});
const runtime = await createRuntime(config, { database: config.databaseUrl ? undefined : await openPglite('memory://') });
const app = await buildApp(runtime);
const org = await createOrganization(runtime.services, { name: 'Bench' });
const { key } = await createApiKey(runtime.services, { organizationId: org.id, mode: 'test' });
const keyedAddress = await app.listen({ port: 0, host: '127.0.0.1' });

// The bare route answers the very body whoami answers, through the same response schema, so the
// two differ only by the request path (hooks, authentication, rate limit, request log), not by bytes.
const whoamiBody = (await app.inject({ method: 'GET', url: '/v1/whoami', headers: { authorization: `Bearer ${key}` } })).json();
const bare = Fastify({ logger: { level: 'warn' } });
bare.get('/bare', { schema: { response: { 200: WhoAmISchema } } }, async () => whoamiBody);
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

const backend = `${runtime.database.kind}${config.redisUrl ? ' + redis' : ' + memory key-value'}`;
console.log(`GET /v1/whoami vs bare Fastify route — ${backend}, ${CONNECTIONS} connections, ${DURATION_S} s each, Node ${process.version}`);

const keyed = { url: `${keyedAddress}/v1/whoami`, headers: { authorization: `Bearer ${key}` } };
await load(`${bareAddress}/bare`, {}, 2);
await load(keyed.url, keyed.headers, 2);
// Alternate the two, three times, and take each one's median run: background noise (autovacuum,
// checkpoints, the other core's work) then lands on both alike.
const bareRuns: Result[] = [];
const keyedRuns: Result[] = [];
for (let i = 0; i < 3; i++) {
  bareRuns.push(await load(`${bareAddress}/bare`, {}, DURATION_S));
  keyedRuns.push(await load(keyed.url, keyed.headers, DURATION_S));
}
const median = (runs: Result[]) => [...runs].sort((x, y) => x.rps - y.rps)[1]!;
const b = median(bareRuns);
const k = median(keyedRuns);
await runtime.requestLogs.flush();
const logged = await runtime.services.db.selectFrom('request_log_batches').select((eb) => eb.fn.sum<number>('row_count').as('n')).where('organization_id', '=', org.id).executeTakeFirstOrThrow();

const row = (name: string, r: Result) => `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   errors ${r.errors}   non-2xx ${r.non2xx}`;
console.log(row('bare Fastify route', b));
console.log(row('GET /v1/whoami', k));
console.log(`runs (req/s): bare ${bareRuns.map((r) => r.rps.toFixed(0)).join(', ')}; whoami ${keyedRuns.map((r) => r.rps.toFixed(0)).join(', ')}`);
console.log(`ratio (keyed / bare throughput): ${(k.rps / b.rps).toFixed(2)}  (target ≥ 0.60)`);
console.log(`request-log rows written for the keyed runs: ${logged.n}`);

await app.close();
await bare.close();
await runtime.close();
rmSync(dataDir, { recursive: true, force: true });
if (admin) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`drop database if exists ${benchDb} with (force)`);
  await client.end();
}
if (k.non2xx > 0 || k.errors > 0) process.exitCode = 1;
