/**
 * The durable baseline of the webhook delivery benchmark: the least a delivery that is leased,
 * signed, sent and recorded durably has to do, written by hand on `pg` with nothing else — no
 * fairness across endpoints, no pace, no SSRF check, no interrupted attempts, no retries beyond
 * writing the next due time. On the worker's own tables and row shapes, so the database does the
 * same work per delivery:
 *
 * - claim: up to 512 due rows of the endpoint, oldest first, `FOR UPDATE SKIP LOCKED`, setting the
 *   lease, the attempt count and its start (one statement); the next claim goes out once fewer
 *   than half of a claim are left to send;
 * - send: HMAC-SHA256 signature (the service's own signer) and the same four headers, POSTed over
 *   a keep-alive `http.Agent`, 16 in flight;
 * - record: the outcome on the delivery and the attempt's row, 200 at a time or after 10 ms, as
 *   one statement (`UPDATE … FROM unnest(…)` and one `INSERT`) with typed array parameters, one
 *   write at a time.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { nextAttemptAt } from '../../src/modules/webhooks/delivery-policy.js';
import { signatureHeader } from '../../src/modules/webhooks/webhook-signature.js';

const CLAIM = 512;
const IN_FLIGHT = 16;
const FULL_BATCH = 200;
const LINGER_MS = 10;
const LEASE_MS = 60_000;

const CLAIM_SQL = `
  with picked as (
    select id from webhook_deliveries
    where endpoint_id = $1 and status = 'pending' and next_attempt_at <= $2 and (locked_until is null or locked_until < $2)
    order by next_attempt_at, id
    limit ${CLAIM}
    for update skip locked
  )
  update webhook_deliveries d set locked_until = $3, attempts = d.attempts + 1, attempt_started_at = $2, updated_at = $2
  from picked where d.id = picked.id
  returning d.id, d.event_id, d.body, d.attempts, d.failures, d.max_attempts`;

const RECORD_SQL = `
  with u as (
    select * from unnest($1::text[], $2::int[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[], $7::int[], $8::int[], $9::text[], $10::text[], $11::text[])
      as u(id, number, status, next_attempt_at, started_at, finished_at, duration_ms, response_status, response_body, error, signature)
  ), delivery as (
    update webhook_deliveries d set
      status = u.status, failures = d.failures + (u.status <> 'succeeded')::int, next_attempt_at = u.next_attempt_at,
      locked_until = null, attempt_started_at = null, last_attempt_at = u.finished_at, updated_at = u.finished_at,
      request_headers = jsonb_build_object('content-type', 'application/json', 'service-signature', u.signature, 'service-event-id', d.event_id, 'service-delivery-id', d.id),
      response_status = u.response_status, response_body = u.response_body
    from u where d.id = u.id and d.attempts = u.number and d.status = 'pending'
    returning d.id
  )
  insert into webhook_delivery_attempts (delivery_id, number, started_at, finished_at, duration_ms, response_status, response_body, error)
  select u.id, u.number, u.started_at, u.finished_at, u.duration_ms, u.response_status, u.response_body, u.error
  from u join delivery on delivery.id = u.id`;

interface Claimed {
  id: string;
  event_id: string;
  body: string;
  attempts: number;
  failures: number;
  max_attempts: number;
}

export interface DurableLoopOptions {
  endpointId: string;
  secret: string;
  port: number;
  userAgent: string;
  /** How many deliveries are due: the round ends when all of them are recorded. */
  count: number;
}

export interface DurableLoopResult {
  seconds: number;
  /** Per POST, request sent to answer read, in ms, sorted. */
  latencies: Float64Array;
  errors: number;
  /** This process's CPU time over the round, in µs. */
  cpuUs: number;
}

/** Columns of a batch of outcomes, as the record statement takes them. */
class Batch {
  readonly columns: unknown[][] = Array.from({ length: 11 }, () => []);
  get size(): number {
    return this.columns[0]!.length;
  }
  push(...values: unknown[]): void {
    for (let i = 0; i < values.length; i++) this.columns[i]!.push(values[i]);
  }
}

export interface DurableLoop {
  round(o: DurableLoopOptions): Promise<DurableLoopResult>;
  close(): Promise<void>;
}

/**
 * Connects the loop's two clients (one claims, one records: each statement waits for nothing but
 * itself); they stay open across rounds, so their backends are there when the round's
 * PostgreSQL CPU is read.
 */
export async function openDurableLoop(databaseUrl: string): Promise<DurableLoop> {
  const claimer = new pg.Client({ connectionString: databaseUrl });
  const writer = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([claimer.connect(), writer.connect()]);
  return {
    round: (o) => durableLoopRound(claimer, writer, o),
    async close() {
      await Promise.all([claimer.end(), writer.end()]);
    },
  };
}

async function durableLoopRound(claimer: pg.Client, writer: pg.Client, o: DurableLoopOptions): Promise<DurableLoopResult> {
  const agent = new http.Agent({ keepAlive: true });
  const latencies = new Float64Array(o.count);
  let posted = 0;
  let recorded = 0;
  let errors = 0;
  const queue: Claimed[] = [];
  let exhausted = false;
  let claiming: Promise<void> | undefined;
  let batch = new Batch();
  let writing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let done!: () => void;
  let failed!: (error: unknown) => void;
  const finished = new Promise<void>((resolve, reject) => ((done = resolve), (failed = reject)));
  const waiting: (() => void)[] = [];

  const claim = () => {
    if (claiming || exhausted) return;
    const now = new Date();
    claiming = claimer
      .query<Claimed>(CLAIM_SQL, [o.endpointId, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()])
      .then(({ rows }) => {
        if (rows.length === 0) exhausted = true;
        queue.push(...rows);
      }, failed)
      .finally(() => {
        claiming = undefined;
        for (const wake of waiting.splice(0)) wake();
      });
  };

  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    if (batch.size === 0) return;
    const full = batch;
    batch = new Batch();
    writing = writer
      .query(RECORD_SQL, full.columns)
      .then(() => {
        recorded += full.size;
        if (recorded >= o.count) done();
      }, failed)
      .finally(() => {
        writing = undefined;
        if (batch.size >= FULL_BATCH) write();
        else if (batch.size > 0) timer ??= setTimeout(write, LINGER_MS);
      });
  };

  const record = (...values: unknown[]) => {
    batch.push(...values);
    if (writing) return;
    if (batch.size >= FULL_BATCH) write();
    else timer ??= setTimeout(write, LINGER_MS);
  };

  const post = (d: Claimed) =>
    new Promise<void>((resolve) => {
      const started = new Date();
      const t = performance.now();
      const body = Buffer.from(d.body, 'utf8');
      const signature = signatureHeader([o.secret], Math.floor(started.getTime() / 1000), d.body);
      const headers = {
        'service-signature': signature,
        'service-event-id': d.event_id,
        'service-delivery-id': d.id,
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': o.userAgent,
      };
      const outcome = (status: number | null, answer: string, error: string | null) => {
        const finishedAt = new Date();
        const ok = status !== null && status >= 200 && status < 300;
        if (!ok) errors++;
        latencies[posted++] = performance.now() - t;
        const retryAt = ok ? null : nextAttemptAt(d.failures + 1, d.max_attempts, finishedAt);
        const status_ = ok ? 'succeeded' : retryAt ? 'pending' : 'failed';
        record(d.id, d.attempts, status_, retryAt?.toISOString() ?? null, started.toISOString(), finishedAt.toISOString(), Math.round(performance.now() - t), status, answer, error, signature);
        resolve();
      };
      const request = http.request({ host: '127.0.0.1', port: o.port, path: '/hooks', method: 'POST', agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => outcome(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), null));
      });
      request.on('error', (error) => outcome(null, '', error.message));
      request.end(body);
    });

  const lane = async () => {
    for (;;) {
      if (queue.length < CLAIM / 2) claim();
      const next = queue.shift();
      if (next) await post(next);
      else if (exhausted && !claiming) return;
      else await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };

  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  claim();
  await Promise.all([Promise.all(Array.from({ length: IN_FLIGHT }, lane)), finished]);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  return { seconds, latencies: latencies.sort(), errors, cpuUs: cpu.user + cpu.system };
}
