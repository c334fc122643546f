/**
 * Who a driver session is, as the console names it (the drivers page, a shipment's timeline): the
 * driver's name from the tour its phone drives, with the phone; the phone alone without a tour.
 */
import type { TenantContext } from '../../core/context.js';
import type { DriverSessionView } from '../driver/driver-session-view.js';
import { listTours } from '../tours/list-tours.js';
import type { TourView } from '../tours/tour-view.js';

/** A session with the tour its phone drives (the open one first, else the latest), when there is one. */
export interface DriverSessionLine {
  session: DriverSessionView;
  tour: TourView | undefined;
}

/** The tours looked at to name a session's tour: its phone's newest ones. */
const TOURS_OF_PHONE = 10;

/** The tour a session's phone drives in this tenant: the open one first, else the latest. */
export async function driverSessionLine(ctx: TenantContext, session: DriverSessionView): Promise<DriverSessionLine> {
  const tours = (await listTours(ctx, { driver_phone: session.phone, limit: TOURS_OF_PHONE })).data;
  return { session, tour: tours.find((t) => t.status === 'in_progress') ?? tours.find((t) => t.status === 'planned') ?? tours[0] };
}

/** "Name (phone)", or the phone alone when no tour names the driver. */
export const driverWho = (line: DriverSessionLine) => (line.tour ? `${line.tour.driver.name} (${line.session.phone})` : line.session.phone);
