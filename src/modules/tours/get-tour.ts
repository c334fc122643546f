/** Reads one tour of the caller's organisation and mode; any other is `not_found`. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { tourView, type TourView } from './tour-view.js';
import { selectTour, type TourRow } from './tours.repository.js';

/** The tour row, or `not_found`; `forUpdate` locks it for the caller's transaction. */
export async function findTour(db: Database, ctx: TenantContext, id: string, options: { forUpdate?: boolean } = {}): Promise<TourRow> {
  const row = await selectTour(db, ctx, id, options);
  if (!row) throw new AppError('not_found', `No tour ${id}.`);
  return row;
}

export async function getTour(ctx: TenantContext, id: string): Promise<TourView> {
  return tourView(await findTour(ctx.db, ctx, id));
}
