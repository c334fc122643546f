/**
 * Queries on webhook deliveries, their attempts and the dead-letter queue.
 *
 * Claim and record are the two short statements around an attempt (DESIGN, Architecture): the
 * claim takes due rows `FOR UPDATE SKIP LOCKED` and sets the lease and the attempt's start on the
 * delivery; the record writes the outcome and the attempt's row, only while the delivery is
 * still at the attempt it claimed, so a worker whose lease ran out and was overtaken cannot
 * overwrite the newer attempt. A claim that finds a lease never cleared (its worker died
 * mid-attempt) writes that attempt's row without an end: interrupted.
 */
import { sql } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { DeliveryStatus } from '../../adapters/database/schema.js';
import type { Database } from '../../ports/database.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

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
 * Claims due deliveries, fairly across endpoints: each endpoint's oldest due rows up to its cap,
 * then the oldest of those overall, so a backlogged endpoint cannot take every claim.
 */
export async function claimDueDeliveries(db: Database, o: ClaimOptions): Promise<ClaimedDelivery[]> {
  // The per-endpoint limit is a literal (a whole number of ours): with a bound parameter the
  // planner cannot see how small the lateral scans are and reaches for JIT compilation (~14 ms).
  const maxRoom = sql.lit(Math.max(0, Math.trunc(Math.min(o.maxRoom, o.limit))));
  const result = await sql<ClaimedDelivery>`
    with due as (
      select c.id, c.endpoint_id, c.next_attempt_at, c.rank
      from webhook_endpoints e cross join lateral (
        select d.id, d.endpoint_id, d.next_attempt_at, row_number() over (order by d.next_attempt_at, d.id) as rank
        from webhook_deliveries d
        where d.endpoint_id = e.id and d.status = 'pending' and d.next_attempt_at <= ${o.now} and (d.locked_until is null or d.locked_until < ${o.now})
        order by d.next_attempt_at, d.id
        limit ${maxRoom}
      ) c
    ), picked as (
      -- The due conditions again on d: a row another worker claimed since this statement's
      -- snapshot is re-checked on its newest version once locked, and dropped.
      select d.id, d.attempts as previous, d.attempt_started_at as previous_started_at, d.locked_until as previous_lease
      from webhook_deliveries d join due on due.id = d.id
      where due.rank <= coalesce((${JSON.stringify(o.room)}::jsonb ->> due.endpoint_id)::int, ${o.defaultRoom})
        and d.status = 'pending' and d.next_attempt_at <= ${o.now} and (d.locked_until is null or d.locked_until < ${o.now})
      order by due.next_attempt_at, due.id
      limit ${o.limit}
      for update of d skip locked
    ), claimed as (
      update webhook_deliveries d set locked_until = ${o.leaseUntil}, attempts = d.attempts + 1, attempt_started_at = ${o.now}, updated_at = ${o.now}
      from picked where d.id = picked.id
      returning d.id, d.endpoint_id, d.event_id, d.body, d.attempts, d.failures, d.max_attempts
    ), interrupted as (
      insert into webhook_delivery_attempts (delivery_id, number, started_at)
      select id, previous, coalesce(previous_started_at, ${o.now}) from picked where previous_lease is not null and previous > 0
      on conflict do nothing
    )
    select c.*, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at,
      e.active as endpoint_active, e.deleted_at is not null as endpoint_deleted
    from claimed c join webhook_endpoints e on e.id = c.endpoint_id`.execute(db);
  return result.rows;
}

/**
 * Gives back claims this worker will not attempt (it is stopping, or a lease would run out before
 * the attempt could end): the attempt counted at the claim is taken back and the delivery is due
 * again at once, for this worker or another.
 */
export async function releaseClaims(db: Database, claims: readonly { id: string; number: number }[], now: Date): Promise<void> {
  if (claims.length === 0) return;
  await sql`
    with r as (
      select * from jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) as r(id text, number int)
    )
    update webhook_deliveries d set locked_until = null, attempt_started_at = null, attempts = d.attempts - 1, updated_at = ${now}
    from r where d.id = r.id and d.attempts = r.number and d.status = 'pending'`.execute(db);
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
  request_headers: Record<string, string> | null;
}

/**
 * Records finished attempts in one statement: the delivery's outcome and the attempt's row; a
 * `failed` delivery (not a ping) gets its dead-letter record.
 */
export async function recordAttempts(db: Database, records: readonly AttemptRecord[]): Promise<void> {
  if (records.length === 0) return;
  await sql`
    with r as (
      select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(
        id text, number int, status text, next_attempt_at timestamptz, started_at timestamptz, finished_at timestamptz, duration_ms int,
        response_status int, response_body text, error text, request_headers jsonb)
    ), delivery as (
      update webhook_deliveries d set
        status = r.status, failures = d.failures + (case when r.status = 'succeeded' then 0 else 1 end),
        next_attempt_at = r.next_attempt_at, locked_until = null, attempt_started_at = null, last_attempt_at = r.finished_at, updated_at = r.finished_at,
        request_headers = coalesce(r.request_headers, d.request_headers), response_status = r.response_status, response_body = r.response_body
      from r where d.id = r.id and d.attempts = r.number and d.status = 'pending'
      returning d.id, d.status, d.origin, d.organization_id, d.mode, d.endpoint_id, d.event_id, r.finished_at
    ), attempt as (
      insert into webhook_delivery_attempts (delivery_id, number, started_at, finished_at, duration_ms, response_status, response_body, error)
      select r.id, r.number, r.started_at, r.finished_at, r.duration_ms, r.response_status, r.response_body, r.error
      from r join delivery on delivery.id = r.id
    )
    insert into webhook_dead_letters (delivery_id, organization_id, mode, endpoint_id, event_id, created_at)
    select id, organization_id, mode, endpoint_id, event_id, finished_at from delivery where status = 'failed' and origin <> 'ping'`.execute(db);
}

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  origin: 'event' | 'replay' | 'ping';
  replay_of: string | null;
  status: DeliveryStatus;
  attempts: number;
  failures: number;
  max_attempts: number;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  last_attempt_at: Date | null;
  response_status: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryDetailRow extends DeliveryRow {
  attempt_started_at: Date | null;
  body: string;
  request_headers: Record<string, string> | null;
  response_body: string | null;
}

export interface AttemptRow {
  number: number;
  started_at: Date;
  finished_at: Date | null;
  duration_ms: number | null;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
}

const LIST_COLUMNS = [
  'id', 'endpoint_id', 'event_id', 'event_type', 'origin', 'replay_of', 'status', 'attempts', 'failures', 'max_attempts',
  'next_attempt_at', 'locked_until', 'last_attempt_at', 'response_status', 'created_at', 'updated_at',
] as const;

export interface DeliveryFilter {
  endpointId?: string;
  status?: DeliveryStatus;
  eventType?: string;
  after?: string;
  order: SortOrder;
  limit: number;
}

export async function selectDeliveries(db: Database, t: Tenant, f: DeliveryFilter): Promise<DeliveryRow[]> {
  let query = db
    .selectFrom('webhook_deliveries')
    .select(LIST_COLUMNS)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .orderBy('id', f.order)
    .limit(f.limit);
  if (f.endpointId) query = query.where('endpoint_id', '=', f.endpointId);
  if (f.status) query = query.where('status', '=', f.status);
  if (f.eventType) query = query.where('event_type', '=', f.eventType);
  if (f.after) query = query.where('id', f.order === 'desc' ? '<' : '>', f.after);
  return (await query.execute()) as DeliveryRow[];
}

export async function selectDelivery(db: Database, t: Tenant, id: string): Promise<{ delivery: DeliveryDetailRow; attempts: AttemptRow[] } | undefined> {
  const delivery = (await db
    .selectFrom('webhook_deliveries')
    .select([...LIST_COLUMNS, 'attempt_started_at', 'body', 'request_headers', 'response_body'])
    .where('id', '=', id)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .executeTakeFirst()) as DeliveryDetailRow | undefined;
  if (!delivery) return undefined;
  const attempts = (await db
    .selectFrom('webhook_delivery_attempts')
    .select(['number', 'started_at', 'finished_at', 'duration_ms', 'response_status', 'response_body', 'error'])
    .where('delivery_id', '=', id)
    .orderBy('number', 'asc')
    .execute()) as AttemptRow[];
  return { delivery, attempts };
}

export interface NewPing {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  body: string;
  now: Date;
}

/**
 * Inserts a replay, due now. It refuses (resolves false) when the original is still pending or
 * its endpoint is no longer active, deciding in the insert itself so a concurrent change cannot
 * slip between a check and the write.
 */
export async function insertReplay(db: Database, t: Tenant, d: { id: string; replay_of: string; max_attempts: number; now: Date }): Promise<boolean> {
  const result = await sql`
    insert into webhook_deliveries
      (id, organization_id, mode, endpoint_id, event_id, event_type, body, origin, replay_of, status, max_attempts, next_attempt_at, created_at, updated_at)
    select ${d.id}, o.organization_id, o.mode, o.endpoint_id, o.event_id, o.event_type, o.body, 'replay', o.id, 'pending', ${d.max_attempts}, ${d.now}, ${d.now}, ${d.now}
    from webhook_deliveries o join webhook_endpoints e on e.id = o.endpoint_id
    where o.id = ${d.replay_of} and o.organization_id = ${t.organizationId} and o.mode = ${t.mode}
      and o.status <> 'pending' and e.active and e.deleted_at is null`.execute(db);
  return Number(result.numAffectedRows ?? 0n) === 1;
}

/** Inserts a ping already claimed by this process: one attempt, started now, leased to the caller. */
export async function insertClaimedPing(db: Database, t: Tenant, d: NewPing, leaseUntil: Date): Promise<void> {
  await sql`
    insert into webhook_deliveries
      (id, organization_id, mode, endpoint_id, event_id, event_type, body, origin, status, attempts, max_attempts, next_attempt_at, locked_until, attempt_started_at, created_at, updated_at)
    values (${d.id}, ${t.organizationId}, ${t.mode}, ${d.endpoint_id}, ${d.event_id}, ${d.event_type}, ${d.body}, 'ping', 'pending', 1, 1, ${d.now}, ${leaseUntil}, ${d.now}, ${d.now}, ${d.now})`.execute(db);
}

/**
 * Settles dead letters older than `heldBefore`: `resolved` when a later delivery of the same event
 * to the same endpoint succeeded, otherwise `dead`, and the delivery with it.
 */
export async function settleDeadLetters(db: Database, now: Date, heldBefore: Date): Promise<{ resolved: number; dead: number }> {
  const result = await sql<{ outcome: 'resolved' | 'dead'; count: string }>`
    with settled as (
      update webhook_dead_letters l set settled_at = ${now},
        outcome = case when exists (
          select 1 from webhook_deliveries s
          where s.endpoint_id = l.endpoint_id and s.event_id = l.event_id and s.status = 'succeeded' and s.id <> l.delivery_id
        ) then 'resolved' else 'dead' end
      where l.settled_at is null and l.created_at < ${heldBefore}
      returning l.delivery_id, l.outcome
    ), buried as (
      update webhook_deliveries d set status = 'dead', updated_at = ${now}
      from settled where d.id = settled.delivery_id and settled.outcome = 'dead' and d.status = 'failed'
    )
    select outcome, count(*)::text as count from settled group by outcome`.execute(db);
  const count = (outcome: string) => Number(result.rows.find((r) => r.outcome === outcome)?.count ?? 0);
  return { resolved: count('resolved'), dead: count('dead') };
}

/** Deletes finished deliveries (their attempts and dead letters with them) created before `cutoff`. */
export async function deleteFinishedDeliveriesBefore(db: Database, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
