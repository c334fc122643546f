/**
 * What a driver session may reach (docs/driver.md): the tours, in one of its grants' organisation
 * and mode, whose driver phone is the session's; and the shipments that are stops of such a tour
 * (not cancelled). Everything else is `not_found`, as a foreign id is for an API key. An action
 * then runs as the organisation's own use case, in a context of that organisation and mode.
 */
import type { ActSource, Services, TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { sql } from 'kysely';
import { keysetWindow, type KeysetWindow } from '../../ports/database-keyset.js';
import type { TourRow } from '../tours/tours.repository.js';
import type { DriverGrant, DriverSession } from './authenticate-driver-session.js';

export interface DriverRequest {
  session: DriverSession;
  requestId: string;
  ip: string;
  userAgent?: string;
  /** Aborts when the driver app's connection closed before the answer (TenantContext.signal). */
  signal?: AbortSignal;
}

/** The use-case context of a driver's action in one grant: the organisation and mode that assigned the work. */
export function driverContext(services: Services, request: DriverRequest, grant: DriverGrant): TenantContext {
  const source: ActSource = { actor: { type: 'system', note: `driver session ${request.session.id}` }, ip: request.ip, ...(request.userAgent ? { userAgent: request.userAgent } : {}) };
  return { ...services, organizationId: grant.organizationId, mode: grant.mode, requestId: request.requestId, source, signal: request.signal };
}

const toursOf = (services: Services, session: DriverSession) => {
  let query = services.db.selectFrom('tours').selectAll().where('driver_phone', '=', session.phone);
  query = query.where((eb) => eb.or(session.grants.map((g) => eb.and([eb('organization_id', '=', g.organizationId), eb('mode', '=', g.mode)]))));
  return query;
};

/**
 * The session's tours for its overview, in the window: those whose date is `today` or later and
 * not cancelled, and earlier ones still planned or running. The keyset key is the date, then the
 * id (`sort_key`), so a page follows driving days.
 */
export async function selectDriverTours(services: Services, session: DriverSession, today: string, window: KeysetWindow): Promise<(TourRow & { sort_key: string })[]> {
  const tours = toursOf(services, session)
    .where((eb) => eb.or([eb.and([eb('date', '>=', today), eb('status', '!=', 'cancelled')]), eb('status', 'in', ['planned', 'in_progress'])]))
    .select(sql<string>`date || ' ' || id`.as('sort_key'));
  return (await keysetWindow(services.db.selectFrom(tours.as('k')).selectAll(), 'k.sort_key', window).execute()) as unknown as (TourRow & { sort_key: string })[];
}

/** One tour of the session, with the context of its grant; else `not_found`. */
export async function findDriverTour(services: Services, request: DriverRequest, tourId: string): Promise<{ ctx: TenantContext; tour: TourRow }> {
  const row = (await toursOf(services, request.session).where('id', '=', tourId).executeTakeFirst()) as unknown as TourRow | undefined;
  if (!row) throw new AppError('not_found', `No tour ${tourId}.`);
  return { ctx: driverContext(services, request, { organizationId: row.organization_id, mode: row.mode }), tour: row };
}

/** A shipment that is a stop of one of the session's tours that is not cancelled, with the context of its grant; else `not_found`. */
export async function findDriverShipment(services: Services, request: DriverRequest, shipmentId: string): Promise<{ ctx: TenantContext; tour: TourRow }> {
  const row = (await toursOf(services, request.session)
    .where('status', '!=', 'cancelled')
    .where(sql<boolean>`stops @> ${JSON.stringify([{ shipment_id: shipmentId }])}::jsonb`)
    .orderBy('id', 'desc')
    .executeTakeFirst()) as unknown as TourRow | undefined;
  if (!row) throw new AppError('not_found', `No shipment ${shipmentId}.`);
  return { ctx: driverContext(services, request, { organizationId: row.organization_id, mode: row.mode }), tour: row };
}
