/**
 * Benchmark: GET /v1/whoami with a valid key (the whole request path: request id, API key
 * authentication with its 5 s cache, rate limit, access rule, request-log row) against a bare
 * Fastify route, in the same run on the same machine, and their ratio. Runs on PostgreSQL and
 * Redis when DATABASE_URL and REDIS_URL are set, else on the embedded defaults.
 *
 * Target: the keyed route keeps at least 60 % of the bare route's throughput.
 */
import Fastify from 'fastify';
import { WhoAmISchema } from '../src/modules/system/system.schema.js';
import { startBenchService } from './support/bench-runtime.js';
import { compare, CONNECTIONS, DURATION_S, row } from './support/load.js';

const service = await startBenchService('whoami');
const headers = { authorization: `Bearer ${service.key}` };

// The bare route answers the very body whoami answers, through the same response schema, so the
// two differ only by the request path (hooks, authentication, rate limit, request log), not by bytes.
const whoamiBody = (await service.app.inject({ method: 'GET', url: '/v1/whoami', headers })).json();
const bare = Fastify({ logger: { level: 'warn' } });
bare.get('/bare', { schema: { response: { 200: WhoAmISchema } } }, async () => whoamiBody);
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

console.log(`GET /v1/whoami vs bare Fastify route — ${service.backend}, ${CONNECTIONS} connections, ${DURATION_S} s each, Node ${process.version}`);
const r = await compare({ url: `${bareAddress}/bare` }, { url: `${service.address}/v1/whoami`, headers });
await service.runtime.requestLogs.flush();
const logged = await service.runtime.services.db
  .selectFrom('request_log_batches')
  .select((eb) => eb.fn.sum<number>('row_count').as('n'))
  .where('organization_id', '=', service.organizationId)
  .executeTakeFirstOrThrow();

console.log(row('bare Fastify route', r.base));
console.log(row('GET /v1/whoami', r.subject));
console.log(`runs (req/s): bare ${r.baseRuns.map((x) => x.rps.toFixed(0)).join(', ')}; whoami ${r.subjectRuns.map((x) => x.rps.toFixed(0)).join(', ')}`);
console.log(`ratio (keyed / bare throughput): ${(r.subject.rps / r.base.rps).toFixed(2)}  (target ≥ 0.60)`);
console.log(`request-log rows written for the keyed runs: ${logged.n}`);

await bare.close();
await service.close();
if (r.subject.non2xx > 0 || r.subject.errors > 0) process.exitCode = 1;
