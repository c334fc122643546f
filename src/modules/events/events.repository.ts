/**
 * Queries on `shipment_events` (the chains) and `events` (the organisation feed), always scoped by
 * organisation and mode.
 */
import { sql } from 'kysely';
import type { Database, Write } from '../../ports/database.js';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { ChainedEvent } from './hash-chain.js';
import type { EventActor } from './event-actor.js';
import { keysetWindow } from '../../ports/database-keyset.js';
import { foldableInsert } from '../../ports/foldable-insert.js';
import { textArray } from '../../ports/database-arrays.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export interface StoredShipmentEvent extends ChainedEvent {
  event_id: string;
  shipment_id: string;
  /** Who caused it (migration 0045); null on events recorded before. */
  actor: EventActor | null;
}

export interface FeedEvent {
  id: string;
  type: string;
  created_at: Date;
  mode: Mode;
  data: Record<string, unknown>;
}

/** The writes that put events into their shipment's chain and into the feed. */
export function shipmentEventWrites(db: Database, t: Tenant, events: readonly StoredShipmentEvent[]): Write[] {
  if (events.length === 0) return [];
  const chain = db.insertInto('shipment_events').values(
    events.map((e) => ({
      shipment_id: e.shipment_id,
      seq: e.seq,
      event_id: e.event_id,
      organization_id: t.organizationId,
      mode: t.mode,
      type: e.type,
      created_at: e.created_at,
      data: JSON.stringify(e.data),
      data_sha256: e.data_sha256,
      hash: e.hash,
      erased_at: null,
      actor: e.actor ? JSON.stringify(e.actor) : null,
    })),
  );
  const feed = db.insertInto('events').values(
    events.map((e) => ({
      id: e.event_id,
      organization_id: t.organizationId,
      mode: t.mode,
      type: e.type,
      shipment_id: e.shipment_id,
      created_at: e.created_at,
      data: JSON.stringify(e.data),
    })),
  );
  return [chain, feed];
}

/**
 * The write that puts an event into the feed alone: one that is not part of its shipment's chain.
 * Folds with the others of its statement into one INSERT (the views of many inspections at once).
 */
export function feedEventWrite(db: Database, t: Tenant, event: { id: string; type: string; shipment_id: string | null; created_at: Date; data: Record<string, unknown> }): Write {
  return foldableInsert(db, 'events', [{ ...event, organization_id: t.organizationId, mode: t.mode, data: JSON.stringify(event.data) }]);
}

const CHAIN_COLUMNS = ['shipment_id', 'seq', 'event_id', 'type', 'created_at', 'data', 'data_sha256', 'hash', 'erased_at', 'actor'] as const;

/** A page of one shipment's chain in seq order, starting after `afterSeq`. */
export async function selectShipmentEvents(db: Database, t: Tenant, shipmentId: string, options: { afterSeq?: number; limit?: number; order?: SortOrder } = {}): Promise<StoredShipmentEvent[]> {
  let query = db
    .selectFrom('shipment_events')
    .select(CHAIN_COLUMNS)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('shipment_id', '=', shipmentId)
    .orderBy('seq', options.order ?? 'asc');
  if (options.afterSeq !== undefined) query = query.where('seq', options.order === 'desc' ? '<' : '>', options.afterSeq);
  if (options.limit !== undefined) query = query.limit(options.limit);
  return (await query.execute()) as StoredShipmentEvent[];
}

/** The chains of several shipments, each in seq order, ordered by shipment: one query for many. */
export async function selectEventsOfShipments(db: Database, t: Tenant, shipmentIds: readonly string[]): Promise<StoredShipmentEvent[]> {
  return (await db
    .selectFrom('shipment_events')
    .select(CHAIN_COLUMNS)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('shipment_id', '=', sql<string>`any(${textArray(shipmentIds)}::text[])`)
    .orderBy('shipment_id')
    .orderBy('seq')
    .execute()) as StoredShipmentEvent[];
}

export interface FeedFilter {
  types?: string[];
  typePrefix?: string;
  shipmentId?: string;
  createdGte?: Date;
  createdLt?: Date;
  after?: string;
  order: SortOrder;
  limit: number;
  /** Events older than this are past retention and never shown, even before the purge ran. */
  notBefore: Date;
}

export async function selectFeed(db: Database, t: Tenant, f: FeedFilter): Promise<FeedEvent[]> {
  let query = db
    .selectFrom('events')
    .select(['id', 'type', 'created_at', 'mode', 'data'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('created_at', '>=', f.notBefore);
  if (f.types) query = query.where('type', 'in', f.types);
  if (f.typePrefix) query = query.where('type', 'like', `${f.typePrefix.replace(/[\\%_]/g, '\\$&')}%`);
  if (f.shipmentId) query = query.where('shipment_id', '=', f.shipmentId);
  if (f.createdGte) query = query.where('created_at', '>=', f.createdGte);
  if (f.createdLt) query = query.where('created_at', '<', f.createdLt);
  query = keysetWindow(query, 'id', f);
  return (await query.execute()) as FeedEvent[];
}

export async function selectFeedEvent(db: Database, t: Tenant, id: string, notBefore: Date): Promise<FeedEvent | undefined> {
  return (await db
    .selectFrom('events')
    .select(['id', 'type', 'created_at', 'mode', 'data'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('id', '=', id)
    .where('created_at', '>=', notBefore)
    .executeTakeFirst()) as FeedEvent | undefined;
}

/** Drops feed events older than `cutoff` (the chains stay). */
export async function deleteFeedEventsBefore(db: Database, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('events').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The same retention for the events of sandbox shipments on a test clock, counted back from the
 * clock's frozen_time (docs/sandbox-test-clocks.md). Only attached shipments are visited.
 */
export async function deleteClockedFeedEventsOlderThan(db: Database, retentionMs: number): Promise<number> {
  const result = await sql`
    delete from events ev using shipments s join test_clocks k on k.id = s.test_clock_id and k.deleted_at is null
    where s.test_clock_id is not null and ev.organization_id = s.organization_id and ev.mode = 'test' and ev.shipment_id = s.id
      and ev.created_at < k.frozen_time - make_interval(secs => ${retentionMs / 1000})`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** One shipment's chained events of one type, in seq order (the reasons of stops closed without signatures, for the note). */
export async function selectShipmentEventsOfType(db: Database, t: Tenant, shipmentId: string, type: string): Promise<StoredShipmentEvent[]> {
  return (await db
    .selectFrom('shipment_events')
    .select(CHAIN_COLUMNS)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('shipment_id', '=', shipmentId)
    .where('type', '=', type)
    .orderBy('seq', 'asc')
    .execute()) as StoredShipmentEvent[];
}
