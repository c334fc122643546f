/**
 * The events of one shipment in chain order (ascending `seq`: the one list that is not newest
 * first), with their digests and hashes so a client can verify the chain itself, and who caused
 * each (its `actor`, kept beside the chain since migration 0045).
 */
import type { TenantContext } from '../../core/context.js';
import { cursorScope, pageRequest, toPage, type Page } from '../../core/pagination.js';
import { selectShipmentEvents, type StoredShipmentEvent } from '../events/events.repository.js';
import { findShipment } from './get-shipment.js';
import type { EventActor } from '../events/event-actor.js';

export interface ShipmentEventView {
  id: string;
  type: string;
  created_at: string;
  mode: 'test' | 'live';
  seq: number;
  data: Record<string, unknown>;
  data_sha256: string;
  hash: string;
  erased: boolean;
  /** Who caused it; absent on events recorded before the service kept it. */
  actor?: EventActor;
}

/** Cursors carry the seq, zero-padded so the cursor helper's string keys compare as numbers. */
const seqKey = (seq: number) => String(seq).padStart(10, '0');

export async function listShipmentEvents(ctx: TenantContext, id: string, query: { limit?: number; cursor?: string }): Promise<Page<ShipmentEventView>> {
  await findShipment(ctx.db, ctx, id);
  const scope = cursorScope(ctx, `shipment_events:${id}`);
  const page = pageRequest(scope, { ...query, order: 'asc' });
  const rows = await selectShipmentEvents(ctx.db, ctx, id, { afterSeq: page.after ? Number(page.after) : undefined, limit: page.limit + 1 });
  return toPage(scope, page, rows.map((e) => view(ctx.mode, e)), (v) => seqKey(v.seq));
}

function view(mode: 'test' | 'live', e: StoredShipmentEvent): ShipmentEventView {
  return {
    id: e.event_id,
    type: e.type,
    created_at: e.created_at.toISOString(),
    mode,
    seq: e.seq,
    data: e.data,
    data_sha256: e.data_sha256,
    hash: e.hash,
    erased: e.erased_at !== null,
    ...(e.actor ? { actor: e.actor } : {}),
  };
}
