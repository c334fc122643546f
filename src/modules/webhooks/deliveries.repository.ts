/**
 * Queries on webhook deliveries, their attempts and the dead-letter queue for the API and the
 * jobs. The worker's own statements (claim, give back, record) are in delivery-queue.repository.ts.
 */
import { sql } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { DeliveryStatus } from './webhooks.tables.js';
import type { Database } from '../../ports/database.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
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
    .where('mode', '=', t.mode);
  if (f.endpointId) query = query.where('endpoint_id', '=', f.endpointId);
  if (f.status) query = query.where('status', '=', f.status);
  if (f.eventType) query = query.where('event_type', '=', f.eventType);
  query = keysetWindow(query, 'id', f);
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
    select ${d.id}, o.organization_id, o.mode, o.endpoint_id, o.event_id, o.event_type, o.body, 'replay', o.id, 'pending', ${d.max_attempts},
      -- Due now by the endpoint's sandbox test clock when it follows one (docs/sandbox-test-clocks.md).
      coalesce(k.frozen_time, ${d.now}), ${d.now}, ${d.now}
    from webhook_deliveries o join webhook_endpoints e on e.id = o.endpoint_id
      left join test_clocks k on k.id = e.test_clock_id and k.deleted_at is null
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
      where l.settled_at is null and l.created_at < coalesce(
        -- An endpoint on a sandbox test clock holds its dead letters in clock time (docs/sandbox-test-clocks.md).
        (select ${heldBefore}::timestamptz + (k.frozen_time - ${now}::timestamptz) from webhook_endpoints e join test_clocks k on k.id = e.test_clock_id and k.deleted_at is null where e.id = l.endpoint_id),
        ${heldBefore})
      returning l.delivery_id, l.outcome
    ), buried as (
      update webhook_deliveries d set status = 'dead', updated_at = ${now}
      from settled where d.id = settled.delivery_id and settled.outcome = 'dead' and d.status = 'failed'
    )
    select outcome, count(*)::text as count from settled group by outcome`.execute(db);
  const count = (outcome: string) => Number(result.rows.find((r) => r.outcome === outcome)?.count ?? 0);
  return { resolved: count('resolved'), dead: count('dead') };
}

/**
 * The same retention for the deliveries of sandbox endpoints on a test clock, counted back from the
 * clock's frozen_time (docs/sandbox-test-clocks.md). Only attached endpoints are visited.
 */
export async function deleteClockedFinishedDeliveriesOlderThan(db: Database, retentionMs: number): Promise<number> {
  const result = await sql`
    delete from webhook_deliveries d using webhook_endpoints e join test_clocks k on k.id = e.test_clock_id and k.deleted_at is null
    where e.test_clock_id is not null and d.organization_id = e.organization_id and d.mode = 'test' and d.endpoint_id = e.id
      and d.status <> 'pending' and d.created_at < k.frozen_time - make_interval(secs => ${retentionMs / 1000})`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** Deletes finished deliveries (their attempts and dead letters with them) created before `cutoff`. */
export async function deleteFinishedDeliveriesBefore(db: Database, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
