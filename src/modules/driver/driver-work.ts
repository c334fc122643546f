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
import type { StopKind } from '../tours/stop-signatures.js';
import type { StoredStop, TourRow } from '../tours/tours.repository.js';
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
  // The session is the actor of what the driver does (the audit log, the shipment's timeline).
  const source: ActSource = { actor: { type: 'driver_session', id: request.session.id }, ip: request.ip, ...(request.userAgent ? { userAgent: request.userAgent } : {}) };
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

/** Why the driver's tour does not give them this act: said by the stop it needs. */
const NOT_YOUR_STOP: Record<StopKind, string> = {
  pickup: 'your tour takes these goods over in transit for a successive carrier; the pickup signatures are the first carrier\'s, at its pickup',
  delivery: 'your tour does not deliver these goods',
  takeover: 'your tour does not take these goods over for a successive carrier (only the successive carrier\'s driver does, on a takeover stop of its tour)',
};

/**
 * The session's tour (not cancelled) with a stop of `kind` for the shipment, and that stop (a
 * pending one first), with the context of its grant. A shipment the session sees on other stops
 * only is 409 `conflict` naming why; one it does not see, `not_found`.
 */
export async function findDriverStop(services: Services, request: DriverRequest, shipmentId: string, kind: StopKind): Promise<{ ctx: TenantContext; tour: TourRow; stop: StoredStop }> {
  const rows = (await toursOf(services, request.session)
    .where('status', '!=', 'cancelled')
    .where(sql<boolean>`stops @> ${JSON.stringify([{ shipment_id: shipmentId, kind }])}::jsonb`)
    .orderBy('id', 'desc')
    .execute()) as unknown as TourRow[];
  const stopOf = (tour: TourRow, pending: boolean) => tour.stops.find((s) => s.shipment_id === shipmentId && s.kind === kind && (!pending || s.status === 'pending'));
  const tour = rows.find((t) => stopOf(t, true)) ?? rows[0];
  if (!tour) {
    await findDriverShipment(services, request, shipmentId);
    throw new AppError('conflict', `Shipment ${shipmentId}: ${NOT_YOUR_STOP[kind]}.`);
  }
  return { ctx: driverContext(services, request, { organizationId: tour.organization_id, mode: tour.mode }), tour, stop: (stopOf(tour, true) ?? stopOf(tour, false))! };
}

/**
 * A shipment of the session for an act of the first carrier's pickup (its signature, the sender's,
 * a pickup remark): not from a tour that takes the goods over for a successive carrier without
 * picking them up, whose driver is not the first carrier's (409 `conflict`).
 */
export async function findDriverPickupShipment(services: Services, request: DriverRequest, shipmentId: string): Promise<{ ctx: TenantContext; tour: TourRow }> {
  const found = await findDriverShipment(services, request, shipmentId);
  const kinds = new Set(found.tour.stops.filter((s) => s.shipment_id === shipmentId).map((s) => s.kind));
  if (kinds.has('takeover') && !kinds.has('pickup')) throw new AppError('conflict', `Shipment ${shipmentId}: ${NOT_YOUR_STOP.pickup}.`);
  return found;
}
