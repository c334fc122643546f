/**
 * The driver marks a stop `done` or `skipped` (the driver's routes call this same use case). The first stop through starts the tour (`tour.started`), the last completes it
 * (`tour.completed`). A completed or cancelled tour is `invalid_state`; a position the tour does not
 * have is `not_found`; a stop already through is `invalid_transition`; skipping needs a `reason`
 * (`validation_failed`). A delivery of goods stopped by an accepted disposal instruction is 409
 * `goods_stopped`. A stop is done once the signatures it needs are there, or with the
 * driver's reason for their absence (stop-signatures.ts): else 409 `signatures_missing`.
 * A reason recorded on the shipment makes a note version: that is a change made render-first
 * (DESIGN, Lifecycle: render, store, then commit in a short transaction that re-checks the head;
 * shipments/change-with-render.ts), whose short transaction also locks the tour and closes the stop.
 */
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import type { TenantContext } from '../../core/context.js';
import { withTransaction, type AlsoWrite, type Database } from '../../ports/database.js';
import type { TourEventSpec } from '../events/record-tour-events.js';
import { assertNotStopped } from '../disposal/stopped-goods.js';
import { changeWithRender } from '../shipments/change-with-render.js';
import { checkStopSignatures } from './check-stop-signatures.js';
import { findTour } from './get-tour.js';
import { recordTourChange } from './record-tour-change.js';
import { unsignedStopChange } from './record-unsigned-stop.js';
import { assertTourOpen, assertTourTransition, statusAfterStops } from './tour-status.js';
import type { CompleteStopBody } from './tour.schema.js';
import { tourView, type TourView } from './tour-view.js';
import type { StoredStop, TourChanges, TourRow } from './tours.repository.js';

/** The stop to complete, or what the tour answers instead. The tour first: one the caller does not have is not_found whatever the body says, as everywhere. */
function openStop(row: TourRow, tourId: string, position: number, input: CompleteStopBody): StoredStop {
  if (input.outcome === 'skipped' && !input.reason) {
    throw new AppError('validation_failed', 'A skipped stop needs a reason.', { errors: [finding('$.reason', 'required', { field: 'reason' })] });
  }
  assertTourOpen(tourId, row.status, 'completing a stop');
  const stop = row.stops[position - 1];
  if (!stop) throw new AppError('not_found', `Tour ${tourId} has no stop at position ${position}; it has ${row.stops.length}.`);
  if (stop.status !== 'pending') throw new AppError('invalid_transition', `Stop ${position} of tour ${tourId} is already ${stop.status}.`);
  return stop;
}

/** The tour's side, in the transaction: locks the tour, checks the stop (and its signatures, unless `signaturesChecked`) and records the tour's change. */
async function closeStop(trx: Database, ctx: TenantContext, tourId: string, position: number, input: CompleteStopBody, capturedAt: Date | undefined, now: Date, signaturesChecked: boolean): Promise<TourView> {
  const row = await findTour(trx, ctx, tourId, { forUpdate: true });
  const stop = openStop(row, tourId, position, input);
  // Stopped goods (an accepted `stop` instruction) are not delivered until the next instruction says where.
  if (input.outcome === 'done' && stop.kind === 'delivery') await assertNotStopped(trx, ctx, stop.shipment_id, `stop ${position} of tour ${tourId}`);
  if (input.outcome === 'done' && !signaturesChecked) await checkStopSignatures(trx, ctx, { tour_id: tourId, position }, stop, undefined, capturedAt ?? now);
  const stops = row.stops.map((s, i) => (i === position - 1 ? { ...s, status: input.outcome, reason: input.reason ?? null, completed_at: now.toISOString(), ...(capturedAt ? { captured_at: capturedAt.toISOString() } : {}) } : s));
  const status = statusAfterStops(row.status, stops);
  const changes: TourChanges = { stops, status };
  const events: TourEventSpec[] = [];
  if (row.status === 'planned') {
    assertTourTransition(tourId, row.status, 'in_progress');
    changes.started_at = now;
    events.push({ type: 'tour.started', status: 'in_progress', fields: { position } });
  }
  if (status === 'completed') {
    assertTourTransition(tourId, 'in_progress', 'completed');
    changes.completed_at = now;
    events.push({ type: 'tour.completed', status });
  }
  return tourView(await recordTourChange(trx, ctx, row, changes, events, now));
}

/** `capturedAt`: when the driver did it on the phone (the driver routes), kept beside `completed_at`. */
export async function completeStop(ctx: TenantContext, tourId: string, position: number, input: CompleteStopBody, capturedAt?: Date, alsoWrite?: AlsoWrite<TourView>): Promise<TourView> {
  const now = ctx.clock.now();
  const given = input.outcome === 'done' ? input.missing_signatures : undefined;
  const shipmentId = given ? (await findTour(ctx.db, ctx, tourId)).stops[position - 1]?.shipment_id : undefined;
  if (!given || !shipmentId) return withTransaction(ctx.db, (trx) => closeStop(trx, ctx, tourId, position, input, capturedAt, now, false), alsoWrite);
  const where = { tour_id: tourId, position };
  return changeWithRender<TourView>(ctx, shipmentId, now, async (shipment) => {
    const stop = openStop(await findTour(ctx.db, ctx, tourId), tourId, position, input);
    // Read with the shipment's head: the commit finds it unchanged, so no signature came meanwhile.
    const unsigned = await checkStopSignatures(ctx.db, ctx, where, stop, given, capturedAt ?? now);
    const change = unsigned ? await unsignedStopChange<TourView>(ctx, shipment, where, unsigned, now) : { changes: {}, events: [], render: async () => ({ writes: [] }) };
    return { ...change, confirm: async (trx) => ({ answer: await closeStop(trx, ctx, tourId, position, input, capturedAt, now, true) }) };
  }, alsoWrite);
}
