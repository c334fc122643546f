/**
 * Updates a planned or running tour: its name, date, driver, vehicle and the order of its stops
 * (the members given replace the tour's). A completed or cancelled tour is `invalid_state`. A new
 * stop list is checked as at create (`validation_failed` naming each stop); stops kept in it keep
 * their status, and a stop already done or skipped may not be dropped. The shipments of the tour
 * get its driver and vehicle again (assign-tour.ts). A patch that changes nothing records no event.
 */
import { isDeepStrictEqual } from 'node:util';
import type { TenantContext } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import type { TourEventSpec } from '../events/record-tour-events.js';
import { assignTour } from './assign-tour.js';
import { checkTourStops } from './check-tour-stops.js';
import { pendingStops } from './create-tour.js';
import { sameStop } from './check-tour-stops.js';
import { findTour } from './get-tour.js';
import type { TourPatch } from './tour.schema.js';
import { assertTourOpen, statusAfterStops } from './tour-status.js';
import { tourView, type TourView } from './tour-view.js';
import type { StoredStop, TourChanges, TourRow } from './tours.repository.js';
import { recordTourChange } from './record-tour-change.js';

/** The new stop list, each stop carrying the status it had in the old one. */
function reorderedStops(old: readonly StoredStop[], stops: NonNullable<TourPatch['stops']>): StoredStop[] {
  return pendingStops(stops).map((stop) => old.find((o) => sameStop(o, stop)) ?? stop);
}

export async function updateTour(ctx: TenantContext, id: string, patch: TourPatch): Promise<TourView> {
  const now = ctx.clock.now();
  const updated = await withTransaction(ctx.db, async (trx) => {
    const row = await findTour(trx, ctx, id, { forUpdate: true });
    assertTourOpen(id, row.status, 'an update');
    const next: TourRow = {
      ...row,
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.date !== undefined ? { date: patch.date } : {}),
      ...(patch.driver !== undefined ? { driver: patch.driver, driver_phone: patch.driver.phone } : {}),
      ...(patch.vehicle !== undefined ? { vehicle: patch.vehicle } : {}),
      ...(patch.stops !== undefined ? { stops: reorderedStops(row.stops, patch.stops) } : {}),
    };
    const shipments = await checkTourStops(trx, ctx, next.stops, row.stops);
    next.warnings = await assignTour(trx, ctx, next, shipments, now);
    const fields = (['name', 'date', 'driver', 'vehicle', 'stops'] as const).filter((f) => !isDeepStrictEqual(row[f], next[f]));
    // Dropping the only pending stops of a running tour leaves every remaining stop through.
    const status = statusAfterStops(row.status, next.stops);
    const changes: TourChanges = { name: next.name, date: next.date, driver: next.driver, driver_phone: next.driver_phone, vehicle: next.vehicle, stops: next.stops, warnings: next.warnings };
    if (fields.length === 0 && isDeepStrictEqual(row.warnings, next.warnings)) return row;
    const events: TourEventSpec[] = fields.length > 0 ? [{ type: 'tour.updated', status: row.status, fields: { changed_fields: fields } }] : [];
    if (status === 'completed') {
      events.push({ type: 'tour.completed', status });
      Object.assign(changes, { status, completed_at: now });
    }
    return recordTourChange(trx, ctx, row, changes, events, now);
  });
  return tourView(updated);
}
