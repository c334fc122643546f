/**
 * Appends events to a shipment's chain (and the feed) inside the transaction of the change that
 * causes them. The caller holds the shipment row (created in, or locked by, the same transaction)
 * and stores the returned head on it, so appends to one shipment are serialised and `seq` has no gaps.
 */
import type { Mode } from '../../core/mode.js';
import { newId } from '../../core/ids.js';
import type { Database, Write } from '../../ports/database.js';
import type { EventActor } from './event-actor.js';
import type { EventTypeName } from './event-catalogue.js';
import { feedEventWrite, shipmentEventWrites, type StoredShipmentEvent } from './events.repository.js';
import { deliveryFanOutWrite } from '../webhooks/fan-out-deliveries.js';
import { chainHash, dataSha256, type ChainHead } from './hash-chain.js';

export interface ShipmentEventSpec {
  type: EventTypeName;
  /** Status of the shipment after this event. */
  status: string;
  /** Fields beyond shipment_id, status and seq. */
  fields?: Record<string, unknown>;
}

export interface ShipmentEventTarget {
  organizationId: string;
  mode: Mode;
  shipmentId: string;
  head: ChainHead;
}

/**
 * Builds the next events of the chain without writing them, each naming `actor` (who caused it)
 * beside its data: outside `data` and the hash, so the chain verifies and webhooks read as before.
 */
export function chainShipmentEvents(target: ShipmentEventTarget, specs: readonly ShipmentEventSpec[], now: Date, actor: EventActor): { head: ChainHead; events: StoredShipmentEvent[] } {
  let head = target.head;
  const events = specs.map((spec) => {
    const seq = head.seq + 1;
    const data = { ...spec.fields, shipment_id: target.shipmentId, status: spec.status, seq };
    const digest = dataSha256(data);
    const hash = chainHash(head.hash, seq, spec.type, now, digest);
    head = { seq, hash };
    return { event_id: newId('event', now), shipment_id: target.shipmentId, seq, type: spec.type, created_at: now, data, data_sha256: digest, hash, erased_at: null, actor };
  });
  return { head, events };
}

/**
 * The writes that record chained events and fan them out to webhook endpoints; run them in the
 * statement or transaction of their change.
 */
export function shipmentEventsWrites(db: Database, target: ShipmentEventTarget, events: readonly StoredShipmentEvent[]): Write[] {
  if (events.length === 0) return [];
  const deliveries = deliveryFanOutWrite(db, target, events.map((e) => ({ id: e.event_id, type: e.type, created_at: e.created_at, data: e.data })));
  return [...shipmentEventWrites(db, target, events), deliveries];
}

/**
 * The writes of an event about a shipment that is not part of its chain, with its id: the feed and
 * the webhook fan-out only. For facts that change nothing about the shipment (`shipment.inspected`:
 * reading a note must not move its chain's head or its integrity report), so the shipment row is
 * neither locked nor updated and `data` has no `seq`.
 */
export function unchainedShipmentEventWrites(
  db: Database,
  target: Omit<ShipmentEventTarget, 'head'>,
  spec: ShipmentEventSpec,
  now: Date,
): { eventId: string; writes: Write[] } {
  const event = { id: newId('event', now), type: spec.type, shipment_id: target.shipmentId, created_at: now, data: { ...spec.fields, shipment_id: target.shipmentId, status: spec.status } };
  return { eventId: event.id, writes: [feedEventWrite(db, target, event), deliveryFanOutWrite(db, target, [event])] };
}
