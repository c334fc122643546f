/**
 * Stores a change of a locked shipment together with the events it causes: the row's new columns
 * and chain head, and the events in the chain and the feed, inside the caller's transaction.
 */
import type { TenantContext } from '../../core/context.js';
import { writeAsOneStatement, type Database, type Write } from '../../ports/database.js';
import { chainShipmentEvents, shipmentEventsWrites, type ShipmentEventSpec, type ShipmentEventTarget } from '../events/record-shipment-events.js';
import type { StoredShipmentEvent } from '../events/events.repository.js';
import { eventActorOf } from '../events/event-actor.js';
import { gateRegistration } from '../efti/gate/gate-registration.js';
import { forgetUsedRecipientsWrite } from '../signatures/signature-requests.repository.js';
import { FINAL_STATUSES } from './shipment-status.js';
import { updateShipmentWrite, type ShipmentChanges, type ShipmentRow } from './shipments.repository.js';

export function chainOf(ctx: TenantContext, row: Pick<ShipmentRow, 'id' | 'event_seq' | 'head_hash'>): ShipmentEventTarget {
  return { organizationId: ctx.organizationId, mode: ctx.mode, shipmentId: row.id, head: { seq: row.event_seq, hash: row.head_hash } };
}

/**
 * Writes that commit with a change: fixed ones (a usage counter), or ones made from the changed
 * row and its chained events (a new version of the consignment note, caused by one of them).
 */
export type AlsoWrites = readonly Write[] | ((changed: ShipmentRow, events: readonly StoredShipmentEvent[]) => Promise<readonly Write[]>);

/** A change made ready to commit: the row as it will be, its chained events, and the writes that store both (and queue the eFTI gate's registration when it must hear of it). */
export interface PreparedShipmentChange {
  changed: ShipmentRow;
  events: StoredShipmentEvent[];
  /** Everything the change writes, the shipment's row first. */
  writes: Write[];
  /**
   * The same writes for `writeAsOneStatementIf`: the shipment's UPDATE made conditional on the head
   * the events were chained from (it changes no row when the head moved), and the others.
   */
  guarded: { guard: Write; writes: Write[] };
}

/**
 * Chains the events onto the row's head and builds the writes of the change, without running
 * them: what `recordShipmentChange` commits at once, and `changeWithRender` commits after the
 * render once the head is found unchanged.
 */
export function prepareShipmentChange(db: Database, ctx: TenantContext, row: ShipmentRow, changes: ShipmentChanges, events: readonly ShipmentEventSpec[], now: Date): PreparedShipmentChange {
  const target = chainOf(ctx, row);
  const chained = chainShipmentEvents(target, events, now, eventActorOf(ctx));
  const all: ShipmentChanges = { ...changes, event_seq: chained.head.seq, head_hash: chained.head.hash, updated_at: now };
  const gate = gateRegistration(db, ctx, row, { ...row, ...all }, now);
  if (gate) all.gate_status = gate.gate_status;
  // Delivered or cancelled, nobody disposes of the goods any more: used sign links forget the recipients kept for it.
  const ended = changes.status !== undefined && FINAL_STATUSES.has(changes.status) && !FINAL_STATUSES.has(row.status) ? [forgetUsedRecipientsWrite(db, ctx, row.id)] : [];
  const rest = [...shipmentEventsWrites(db, target, chained.events), ...(gate?.writes ?? []), ...ended];
  return {
    changed: { ...row, ...all },
    events: chained.events,
    writes: [updateShipmentWrite(db, ctx, row.id, all), ...rest],
    guarded: { guard: updateShipmentWrite(db, ctx, row.id, all, { event_seq: row.event_seq, head_hash: row.head_hash }), writes: rest },
  };
}

/** Stores the change, its events and any `also` writes in one statement; a change the eFTI gate must hear of queues its registration too. */
export async function recordShipmentChange(trx: Database, ctx: TenantContext, row: ShipmentRow, changes: ShipmentChanges, events: readonly ShipmentEventSpec[], now: Date, also: AlsoWrites = []): Promise<ShipmentRow> {
  const prepared = prepareShipmentChange(trx, ctx, row, changes, events, now);
  const extra = typeof also === 'function' ? await also(prepared.changed, prepared.events) : also;
  await writeAsOneStatement(trx, [...prepared.writes, ...extra]);
  return prepared.changed;
}
