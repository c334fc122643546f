/**
 * Benchmark: POST /v1/shipments with a realistic ~3 KB body and a fresh Idempotency-Key per
 * request (key claim and stored response, schema and business rules, the insert, its event in the
 * chain and the feed, in one transaction) against a baseline in the same run: a bare Fastify route
 * that parses the same body and, with the bare `pg` driver, inserts the JSON and one event row in
 * one transaction. Both use a pool of the same size on the same scratch database.
 *
 * Target: on PostgreSQL at 50 connections the service keeps at least 50 % of the
 * baseline's throughput, with a p99 no worse than twice the baseline's.
 * `BENCH_ISSUE=1` benchmarks `?issue=true` instead (two events and the usage counter).
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { fullShipment } from '../test/support/shipment-fixtures.js';
import { startBenchService } from './support/bench-runtime.js';
import { compare, CONNECTIONS, DURATION_S, row } from './support/load.js';

const service = await startBenchService('create_shipment');
if (!service.databaseUrl) console.log('DATABASE_URL is not set: running on the embedded database, where the baseline cannot run; set it for the target.');

const body = JSON.stringify(fullShipment());
const issue = process.env.BENCH_ISSUE === '1';

// The baseline's tables: the same JSON into a jsonb column, one event row, one transaction.
const pool = service.databaseUrl ? new pg.Pool({ connectionString: service.databaseUrl, max: 10 }) : undefined;
await pool?.query('create table bench_shipments (id text primary key, data jsonb not null, created_at timestamptz not null)');
await pool?.query('create table bench_events (id text primary key, shipment_id text not null, type text not null, data jsonb not null, created_at timestamptz not null)');
const bare = Fastify({ logger: { level: 'warn' }, bodyLimit: 1024 * 1024 });
bare.post('/bare', async (request, reply) => {
  const id = randomUUID();
  const client = await pool!.connect();
  try {
    await client.query('begin');
    await client.query('insert into bench_shipments (id, data, created_at) values ($1, $2, now())', [id, JSON.stringify(request.body)]);
    await client.query('insert into bench_events (id, shipment_id, type, data, created_at) values ($1, $2, $3, $4, now())', [randomUUID(), id, 'shipment.created', JSON.stringify({ shipment_id: id })]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  return reply.status(201).send({ id, ...(request.body as object) });
});
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

const json = { 'content-type': 'application/json' };
const subjectUrl = `${service.address}/v1/shipments${issue ? '?issue=true' : ''}`;
console.log(`POST ${issue ? '/v1/shipments?issue=true' : '/v1/shipments'} (${body.length} bytes) vs bare pg insert — ${service.backend}, ${CONNECTIONS} connections, ${DURATION_S} s each, Node ${process.version}`);
if (pool) {
  const r = await compare(
    // The same generator for both (a fresh Idempotency-Key per request; the bare route ignores it).
    { url: `${bareAddress}/bare`, method: 'POST', headers: json, body, uniqueIdempotencyKey: true },
    { url: subjectUrl, method: 'POST', headers: { ...json, authorization: `Bearer ${service.key}` }, body, uniqueIdempotencyKey: true },
  );
  const stored = await service.runtime.services.db.selectFrom('shipments').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  console.log(row('bare pg insert + event', r.base));
  console.log(row('POST /v1/shipments', r.subject));
  console.log(`runs (req/s): bare ${r.baseRuns.map((x) => x.rps.toFixed(0)).join(', ')}; service ${r.subjectRuns.map((x) => x.rps.toFixed(0)).join(', ')}`);
  console.log(`ratio (service / bare throughput): ${(r.subject.rps / r.base.rps).toFixed(2)}  (target ≥ 0.50)`);
  console.log(`p99 ratio (service / bare): ${(r.subject.p99 / Math.max(r.base.p99, 1)).toFixed(2)}  (target ≤ 2.00)`);
  console.log(`shipments stored: ${stored.n}`);
  if (r.subject.non2xx > 0 || r.subject.errors > 0) process.exitCode = 1;
}

await bare.close();
await pool?.end();
await service.close();
