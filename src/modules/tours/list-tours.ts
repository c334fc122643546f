/** Lists the tenant's tours, newest first, filtered by day, status and driver phone, with a cursor. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import type { ListToursQuery } from './tour.schema.js';
import { tourView, type TourView } from './tour-view.js';
import { selectTours } from './tours.repository.js';

export async function listTours(ctx: TenantContext, query: ListToursQuery): Promise<Page<TourView>> {
  return listPage(ctx, 'tours', query, (window) => selectTours(ctx.db, ctx, { date: query.date, status: query.status, driverPhone: query.driver_phone, ...window }), tourView);
}
