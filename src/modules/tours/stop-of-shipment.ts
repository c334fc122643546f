/**
 * The tour stop where a shipment's party signs on the driver's phone: the pickup (consignor) or the
 * delivery (consignee) of the newest tour that is not cancelled. The signing page's done page
 * links back to it, so the party hands the phone back to the driver at the right stop.
 */
import { sql } from 'kysely';
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import type { StoredStop } from './tours.repository.js';

export async function stopOfShipment(db: Database, ctx: TenantContext, shipmentId: string, kind: StoredStop['kind']): Promise<{ tour_id: string; position: number } | null> {
  const row = await db
    .selectFrom('tours')
    .select(['id', 'stops'])
    .where('organization_id', '=', ctx.organizationId)
    .where('mode', '=', ctx.mode)
    .where('status', '!=', 'cancelled')
    .where(sql<boolean>`stops @> ${JSON.stringify([{ shipment_id: shipmentId, kind }])}::jsonb`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const stops = (typeof row.stops === 'string' ? JSON.parse(row.stops) : row.stops) as StoredStop[];
  const index = stops.findIndex((s) => s.shipment_id === shipmentId && s.kind === kind);
  return index < 0 ? null : { tour_id: row.id, position: index + 1 };
}

/** The stop's screen in the driver app (DRIVER_APP_PATH, `/driver`; its script routes on the hash). */
export const driverStopPath = (stop: { tour_id: string; position: number }) => `/driver#/stop/${encodeURIComponent(stop.tour_id)}/${stop.position}`;
