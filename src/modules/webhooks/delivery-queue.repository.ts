/**
 * The delivery worker's statements: claim, give back, record (DESIGN, Architecture). They run for
 * every delivery, so they are raw parameterised SQL written once, not built and compiled per call,
 * and batches travel as typed arrays for `unnest` rather than as JSON to be parsed back.
 *
 * The claim takes due rows `FOR UPDATE SKIP LOCKED` and sets the lease and the attempt's start on
 * the delivery; the record writes the outcome and the attempt's row, only while the delivery is
 * still at the attempt it claimed, so a worker whose lease ran out and was overtaken cannot
 * overwrite the newer attempt. A claim that finds a lease never cleared (its worker died
 * mid-attempt) writes that attempt's row without an end: interrupted.
 */
import { CompiledQuery } from 'kysely';
import type { Database } from '../../ports/database.js';
import { intArray, textArray } from '../../ports/database-arrays.js';

export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  body: string;
  /** The number of the attempt just started. */
  attempts: number;
  failures: number;
  max_attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  endpoint_active: boolean;
  endpoint_deleted: boolean;
  /** The endpoint was created under WEBHOOK_ALLOW_PRIVATE_TARGETS (see the webhook transport). */
  allow_private_targets: boolean;
  /** Sandbox `fail_webhooks`: the attempt fails without being sent. */
  simulated_failure: boolean;
  /** Sandbox: the endpoint follows a test clock, and this attempt happens at this time of it (when it was due). */
  clock_time: Date | null;
}

export interface ClaimOptions {
  now: Date;
  leaseUntil: Date;
  limit: number;
  /** How many more deliveries this worker takes of each endpoint it names… */
  room: Record<string, number>;
  /** …and of any other endpoint; no endpoint gets more than `maxRoom`. */
  defaultRoom: number;
  maxRoom: number;
}

/**
 * Sandbox test clocks (docs/sandbox-test-clocks.md): a delivery of an endpoint attached to a clock
 * (not deleted) is due by the clock's frozen_time, and its attempt happens, in clock time, at the
 * time it was due. The clock is joined to its endpoint, outside the lateral scan, so the due bound
 * stays a plain value per endpoint and the scan keeps its index condition.
 */
const CLOCK_JOIN = `left join test_clocks k on k.id = e.test_clock_id and k.deleted_at is null`;
const DUE_BY = `coalesce(k.frozen_time, $1::timestamptz)`;
const CLOCK_TIME = `case when k.id is not null then c.next_attempt_at end as clock_time`;

/**
 * The claim. Its per-endpoint scan limit is a literal (a whole number of ours): with a bound
 * parameter the planner cannot see how small the lateral scans are and reaches for JIT
 * compilation (~14 ms).
 */
function claimStatement(perEndpoint: number): string {
  return `
    with due as (
      -- Each endpoint's oldest due rows, locked as they are read: a row another worker holds is
      -- skipped, and a row claimed since this statement's snapshot is re-checked on its newest
      -- version once locked, and dropped.
      select c.*, row_number() over (partition by c.endpoint_id order by c.next_attempt_at, c.id) as rank
      from webhook_endpoints e ${CLOCK_JOIN} cross join lateral (
        select d.id, d.endpoint_id, d.next_attempt_at, d.attempts as previous, d.attempt_started_at as previous_started_at, d.locked_until as previous_lease
        from webhook_deliveries d
        where d.endpoint_id = e.id and d.status = 'pending' and (d.locked_until is null or d.locked_until < $1::timestamptz)
          -- Due by the endpoint's sandbox test clock, if it follows one (leases stay in real time).
          and d.next_attempt_at <= ${DUE_BY}
        order by d.next_attempt_at, d.id
        limit ${perEndpoint}
        for update of d skip locked
      ) c
    ), picked as (
      -- Up to each endpoint's room, then the oldest overall. Rows locked above but not picked
      -- stay as they are, unlocked when the statement ends.
      select due.* from due left join unnest($3::text[], $4::int[]) as room(endpoint_id, n) on room.endpoint_id = due.endpoint_id
      where due.rank <= coalesce(room.n, $5::int)
      order by due.next_attempt_at, due.id
      limit $6::int
    ), claimed as (
      -- By key, whatever the planner guesses of picked's size (from the claim's whole limit, it
      -- would hash-join a scan of the whole table).
      update webhook_deliveries d set locked_until = $2::timestamptz, attempts = d.attempts + 1, attempt_started_at = $1::timestamptz, updated_at = $1::timestamptz
      where d.id = any(array(select id from picked))
      returning d.id, d.endpoint_id, d.event_id, d.body, d.attempts, d.failures, d.max_attempts, d.next_attempt_at
    ), interrupted as (
      insert into webhook_delivery_attempts (delivery_id, number, started_at)
      select id, previous, coalesce(previous_started_at, $1::timestamptz) from picked where previous_lease is not null and previous > 0
      on conflict do nothing
    )
    select c.*, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at, e.allow_private_targets,
      e.simulated_failure,
      e.active as endpoint_active, e.deleted_at is not null as endpoint_deleted,
      ${CLOCK_TIME}
    from claimed c join webhook_endpoints e on e.id = c.endpoint_id ${CLOCK_JOIN}`;
}

/**
 * Claims due deliveries, fairly across endpoints: each endpoint's oldest due rows up to its cap,
 * then the oldest of those overall, so a backlogged endpoint cannot take every claim.
 */
export async function claimDueDeliveries(db: Database, o: ClaimOptions): Promise<ClaimedDelivery[]> {
  const endpoints = Object.keys(o.room);
  // No endpoint can be given more than the most room any has: scan no further than that.
  let most = o.defaultRoom;
  for (const endpoint of endpoints) most = Math.max(most, o.room[endpoint]!);
  const perEndpoint = Math.max(0, Math.trunc(Math.min(o.maxRoom, o.limit, most)));
  const parameters = [
    o.now.toISOString(),
    o.leaseUntil.toISOString(),
    textArray(endpoints),
    intArray(endpoints.map((endpoint) => Math.trunc(o.room[endpoint]!))),
    Math.trunc(o.defaultRoom),
    Math.trunc(o.limit),
  ];
  const result = await db.executeQuery<ClaimedDelivery>(CompiledQuery.raw(claimStatement(perEndpoint), parameters));
  return result.rows;
}

const RELEASE = `
  update webhook_deliveries d set locked_until = null, attempt_started_at = null, attempts = d.attempts - 1, updated_at = $3::timestamptz
  from unnest($1::text[], $2::int[]) as r(id, number)
  where d.id = r.id and d.attempts = r.number and d.status = 'pending'`;

/**
 * Gives back claims this worker will not attempt (it is stopping, or a lease would run out before
 * the attempt could end): the attempt counted at the claim is taken back and the delivery is due
 * again at once, for this worker or another.
 */
export async function releaseClaims(db: Database, claims: readonly { id: string; number: number }[], now: Date): Promise<void> {
  if (claims.length === 0) return;
  const parameters = [textArray(claims.map((c) => c.id)), intArray(claims.map((c) => c.number)), now.toISOString()];
  await db.executeQuery(CompiledQuery.raw(RELEASE, parameters));
}

export interface AttemptRecord {
  id: string;
  number: number;
  /** `pending` schedules another attempt at `next_attempt_at`. */
  status: 'succeeded' | 'pending' | 'failed';
  next_attempt_at: string | null;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  response_status: number | null;
  response_body: string;
  error: string | null;
  /**
   * The `service-signature` header sent, or null when nothing was sent. The delivery's request
   * headers are stored from it and the delivery's own ids, as `deliveryHeaders` sends them.
   */
  signature: string | null;
}

/** The headers of `deliveryHeaders` (attempt-delivery.ts), built by the database from the signature. */
const REQUEST_HEADERS = `jsonb_build_object('content-type', 'application/json', 'service-signature', r.signature, 'service-event-id', d.event_id, 'service-delivery-id', d.id)`;

const RECORD = `
  with r as (
    select * from unnest($1::text[], $2::int[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[], $7::int[], $8::int[], $9::text[], $10::text[], $11::text[])
      as r(id, number, status, next_attempt_at, started_at, finished_at, duration_ms, response_status, response_body, error, signature)
  ), delivery as (
    update webhook_deliveries d set
      status = r.status, failures = d.failures + (case when r.status = 'succeeded' then 0 else 1 end),
      next_attempt_at = r.next_attempt_at, locked_until = null, attempt_started_at = null, last_attempt_at = r.finished_at, updated_at = r.finished_at,
      request_headers = case when r.signature is null then d.request_headers else ${REQUEST_HEADERS} end,
      response_status = r.response_status, response_body = r.response_body
    from r where d.id = r.id and d.attempts = r.number and d.status = 'pending'
    returning d.id, d.status, d.origin, d.organization_id, d.mode, d.endpoint_id, d.event_id, r.finished_at
  ), attempt as (
    insert into webhook_delivery_attempts (delivery_id, number, started_at, finished_at, duration_ms, response_status, response_body, error)
    select r.id, r.number, r.started_at, r.finished_at, r.duration_ms, r.response_status, r.response_body, r.error
    from r join delivery on delivery.id = r.id
  )
  insert into webhook_dead_letters (delivery_id, organization_id, mode, endpoint_id, event_id, created_at)
  select id, organization_id, mode, endpoint_id, event_id, finished_at from delivery where status = 'failed' and origin <> 'ping'`;

/**
 * Records finished attempts in one statement: the delivery's outcome and the attempt's row; a
 * `failed` delivery (not a ping) gets its dead-letter record.
 */
export async function recordAttempts(db: Database, records: readonly AttemptRecord[]): Promise<void> {
  if (records.length === 0) return;
  const column = <K extends keyof AttemptRecord>(key: K) => records.map((r) => r[key]);
  const parameters = [
    textArray(column('id')),
    intArray(column('number')),
    textArray(column('status')),
    textArray(column('next_attempt_at')),
    textArray(column('started_at')),
    textArray(column('finished_at')),
    intArray(column('duration_ms')),
    intArray(column('response_status')),
    textArray(column('response_body')),
    textArray(column('error')),
    textArray(column('signature')),
  ];
  await db.executeQuery(CompiledQuery.raw(RECORD, parameters));
}

const QUEUE_STATS = `
  select count(*)::int as depth, coalesce(extract(epoch from ($1::timestamptz - min(next_attempt_at))), 0)::float8 as oldest_due_age_s
  from webhook_deliveries where status = 'pending' and next_attempt_at <= $1::timestamptz`;

/**
 * The deliveries due now and not yet delivered (waiting or being attempted), across every worker,
 * and how long the oldest has been due: one pass over the pending rows' partial index, read when
 * the metrics are scraped.
 */
export async function deliveryQueueStats(db: Database, now: Date): Promise<{ depth: number; oldestDueAgeS: number }> {
  const result = await db.executeQuery<{ depth: number; oldest_due_age_s: number }>(CompiledQuery.raw(QUEUE_STATS, [now.toISOString()]));
  const row = result.rows[0]!;
  return { depth: row.depth, oldestDueAgeS: Math.max(0, row.oldest_due_age_s) };
}
