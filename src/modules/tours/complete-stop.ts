/**
 * The driver marks a stop `done` or `skipped` (the driver's routes call this same use case). The first stop through starts the tour (`tour.started`), the last completes it
 * (`tour.completed`). A completed or cancelled tour is `invalid_state`; a position the tour does not
 * have is `not_found`; a stop already through is `invalid_transition`; skipping needs a `reason`
 * (`validation_failed`). A stop is done once the signatures it needs are there, or with the
 * driver's reason for their absence (stop-signatures.ts): else 409 `signatures_missing`.
 */
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import type { TenantContext } from '../../core/context.js';
import { withTransaction, type AlsoWrite } from '../../ports/database.js';
import type { TourEventSpec } from '../events/record-tour-events.js';
import { withPhotoEvidence, type PhotoEvidence } from '../remarks/photo-evidence.js';
import { checkStopSignatures } from './check-stop-signatures.js';
import { findTour } from './get-tour.js';
import { recordTourChange } from './record-tour-change.js';
import { assertTourOpen, assertTourTransition, statusAfterStops } from './tour-status.js';
import type { CompleteStopBody } from './tour.schema.js';
import { tourView, type TourView } from './tour-view.js';
import type { TourChanges } from './tours.repository.js';

/** `capturedAt`: when the driver did it on the phone (the driver routes), kept beside `completed_at`. */
export async function completeStop(ctx: TenantContext, tourId: string, position: number, input: CompleteStopBody, capturedAt?: Date, alsoWrite?: AlsoWrite<TourView>): Promise<TourView> {
  const now = ctx.clock.now();
  // A reason for missing signatures makes a note version, whose annex shows the remarks' photos:
  // they are read from the object store before the transaction (remarks/photo-evidence.ts).
  const noted = input.outcome === 'done' && input.missing_signatures ? (await findTour(ctx.db, ctx, tourId)).stops[position - 1]?.shipment_id : undefined;
  const complete = (evidence?: PhotoEvidence) => withTransaction(ctx.db, async (trx) => {
    // The tour first: one the caller does not have is not_found whatever the body says, as everywhere.
    const row = await findTour(trx, ctx, tourId, { forUpdate: true });
    if (input.outcome === 'skipped' && !input.reason) {
      throw new AppError('validation_failed', 'A skipped stop needs a reason.', { errors: [finding('$.reason', 'required', { field: 'reason' })] });
    }
    assertTourOpen(tourId, row.status, 'completing a stop');
    const stop = row.stops[position - 1];
    if (!stop) throw new AppError('not_found', `Tour ${tourId} has no stop at position ${position}; it has ${row.stops.length}.`);
    if (stop.status !== 'pending') throw new AppError('invalid_transition', `Stop ${position} of tour ${tourId} is already ${stop.status}.`);
    if (input.outcome === 'done') await checkStopSignatures(trx, ctx, { tour_id: tourId, position }, stop, input.missing_signatures, capturedAt ?? now, now, evidence);
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
  }, alsoWrite);
  return noted ? withPhotoEvidence(ctx, noted, [], complete) : complete();
}
