/**
 * The driver's overview (GET /v1/driver/tours, /v1/driver/tours/{id}) and marking a stop done or
 * skipped through the tours API's use case (complete-stop.ts). "Today" is the tour's date against
 * the service's UTC date: a tour carries a day, not a time zone.
 */
import type { Services } from '../../core/context.js';
import { holderCursorContext, listPage, oldestFirst, type Page, type SortOrder } from '../../core/pagination.js';
import { completeStop } from '../tours/complete-stop.js';
import type { CompleteStopBody } from '../tours/tour.schema.js';
import { capturedAt } from './captured-at.js';
import { driverContext, findDriverTour, selectDriverTours, type DriverRequest } from './driver-work.js';
import { driverTourView, type DriverTourView } from './driver-tour-view.js';

/** The default page of the overview: more tours than a driver has in a few days. */
export const DRIVER_TOURS_PAGE = 50;

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

export interface ListDriverToursQuery {
  limit?: number;
  cursor?: string;
  order?: SortOrder;
}

/** A page of the overview, by date (soonest first unless `order` says otherwise); its cursors work for this session only. */
export async function listDriverTours(services: Services, request: DriverRequest, query: ListDriverToursQuery = {}): Promise<Page<DriverTourView>> {
  const today = utcDay(services.clock.now());
  const page = await listPage(
    holderCursorContext(services, request.session.id),
    'driver_tours',
    oldestFirst({ ...query, limit: query.limit ?? DRIVER_TOURS_PAGE }),
    (window) => selectDriverTours(services, request.session, today, window),
    (tour) => tour,
    (tour) => tour.sort_key,
  );
  const data: DriverTourView[] = [];
  for (const tour of page.data) data.push(await driverTourView(driverContext(services, request, { organizationId: tour.organization_id, mode: tour.mode }), tour, today));
  return { ...page, data };
}

export async function getDriverTour(services: Services, request: DriverRequest, tourId: string): Promise<DriverTourView> {
  const { ctx, tour } = await findDriverTour(services, request, tourId);
  return driverTourView(ctx, tour, utcDay(services.clock.now()));
}

export async function completeDriverStop(services: Services, request: DriverRequest, tourId: string, position: number, body: CompleteStopBody & { captured_at?: string }): Promise<DriverTourView> {
  const { ctx } = await findDriverTour(services, request, tourId);
  const { captured_at, ...input } = body;
  await completeStop(ctx, tourId, position, input, capturedAt(ctx.clock, captured_at));
  return getDriverTour(services, request, tourId);
}
