/**
 * Fan-out: the write that turns events into deliveries, one per active, subscribed endpoint of the
 * same organisation and mode. It runs in the statement (or transaction) that writes the events,
 * so an event and its deliveries commit together or not at all.
 *
 * The endpoints are matched in SQL, not read first, so an event write stays one round trip. A
 * delivery's id is derived there too: `wd_` + the ten time characters of the event's ULID + 16
 * hex digits of SHA-256(event id, endpoint id) — a valid ULID body (hex digits are Crockford
 * characters), ordered by event time, and unique per event and endpoint.
 */
import { sql } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { Database, FoldableWrite } from '../../ports/database.js';
import { MAX_ATTEMPTS } from './delivery-policy.js';
import { envelopeBody, subscriptionsMatching } from './event-envelope.js';

export interface FanOutEvent {
  id: string;
  type: string;
  created_at: Date;
  data: Record<string, unknown>;
}

interface FanOutWrite extends FoldableWrite {
  readonly events: readonly FanOutEvent[];
}

/**
 * Folds with the other fan-outs of its tenant in one statement into one (database.ts `foldWrites`):
 * the events of many inspections grouped into one statement are matched against the endpoints once.
 */
export function deliveryFanOutWrite(db: Database, tenant: { organizationId: string; mode: Mode }, events: readonly FanOutEvent[]): FanOutWrite {
  return {
    events,
    foldKey: `fan-out|${tenant.organizationId}|${tenant.mode}`,
    compile: () => fanOutQuery(db, tenant, events).compile(db),
    fold: (other) => deliveryFanOutWrite(db, tenant, [...events, ...(other as FanOutWrite).events]),
  };
}

function fanOutQuery(db: Database, tenant: { organizationId: string; mode: Mode }, events: readonly FanOutEvent[]) {
  const rows = events.map((e) => ({
    event_id: e.id,
    type: e.type,
    body: envelopeBody({ ...e, mode: tenant.mode }),
    created_at: e.created_at.toISOString(),
    matches: subscriptionsMatching(e.type),
  }));
  return sql`
    insert into webhook_deliveries
      (id, organization_id, mode, endpoint_id, event_id, event_type, body, origin, status, max_attempts, next_attempt_at, created_at, updated_at)
    select 'wd_' || substr(ev.event_id, 5, 10) || upper(substr(encode(sha256(convert_to(ev.event_id || '/' || e.id, 'UTF8')), 'hex'), 1, 16)),
      e.organization_id, e.mode, e.id, ev.event_id, ev.type, ev.body, 'event', 'pending', ${MAX_ATTEMPTS},
      -- Due now by the endpoint's sandbox test clock when it follows one (docs/sandbox-test-clocks.md).
      case when e.test_clock_id is null then ev.created_at
        else coalesce((select k.frozen_time from test_clocks k where k.id = e.test_clock_id and k.deleted_at is null), ev.created_at) end,
      ev.created_at, ev.created_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ev(event_id text, type text, body text, created_at timestamptz, matches text[])
    join webhook_endpoints e
      on e.organization_id = ${tenant.organizationId} and e.mode = ${tenant.mode} and e.active and e.deleted_at is null
      and e.events ?| ev.matches`;
}
