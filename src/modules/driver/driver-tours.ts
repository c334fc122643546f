/**
 * The driver's overview (GET /v1/driver/tours, /v1/driver/tours/{id}) and marking a stop done or
 * skipped through the tours API's use case (complete-stop.ts). "Today" is the tour's date against
 * the service's UTC date: a tour carries a day, not a time zone.
 */
import type { Services } from '../../core/context.js';
import { completeStop } from '../tours/complete-stop.js';
import type { CompleteStopBody } from '../tours/tour.schema.js';
import { capturedAt } from './captured-at.js';
import { driverContext, findDriverTour, selectDriverTours, type DriverRequest } from './driver-work.js';
import { driverTourView, type DriverTourView } from './driver-tour-view.js';

export const MAX_DRIVER_TOURS = 50;

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

export async function listDriverTours(services: Services, request: DriverRequest): Promise<{ data: DriverTourView[] }> {
  const today = utcDay(services.clock.now());
  const tours = (await selectDriverTours(services, request.session)).filter(
    (t) => (t.date >= today && t.status !== 'cancelled') || t.status === 'planned' || t.status === 'in_progress',
  );
  const data: DriverTourView[] = [];
  for (const tour of tours.slice(0, MAX_DRIVER_TOURS)) data.push(await driverTourView(driverContext(services, request, { organizationId: tour.organization_id, mode: tour.mode }), tour, today));
  return { data };
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
