/**
 * Creates a `planned` tour (docs/tours.md): checks its stops (`validation_failed` naming each
 * offending stop), gives its shipments the tour's driver and vehicle where they still allow it,
 * and records `tour.created`, all in one transaction. A tour planned by a person in the console is
 * also an act of the audit log (`tour.created`); an integration's tours are in the event feed only.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { tourEventWrites } from '../events/record-tour-events.js';
import { assignTour } from './assign-tour.js';
import { checkTourStops } from './check-tour-stops.js';
import type { TourInput } from './tour.schema.js';
import { tourView, type TourView } from './tour-view.js';
import { insertTourWrite, type StoredStop, type TourRow } from './tours.repository.js';

export const pendingStops = (stops: TourInput['stops']): StoredStop[] => stops.map((s) => ({ shipment_id: s.shipment_id, kind: s.kind, ...(s.kind === 'takeover' && s.successive_index !== undefined ? { successive_index: s.successive_index } : {}), status: 'pending', reason: null, completed_at: null }));

export async function createTour(ctx: TenantContext, input: TourInput): Promise<TourView> {
  const now = ctx.clock.now();
  const row: TourRow = {
    id: newId('tour', now),
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    status: 'planned',
    name: input.name,
    date: input.date,
    driver: input.driver,
    driver_phone: input.driver.phone,
    vehicle: input.vehicle ?? null,
    stops: pendingStops(input.stops),
    warnings: [],
    cancellation_reason: null,
    created_at: now,
    updated_at: now,
    started_at: null,
    completed_at: null,
    cancelled_at: null,
  };
  await withTransaction(ctx.db, async (trx) => {
    const shipments = await checkTourStops(trx, ctx, input.stops);
    row.warnings = await assignTour(trx, ctx, row, shipments, now);
    const event = { type: 'tour.created' as const, status: row.status, fields: { name: row.name, date: row.date, shipment_ids: [...new Set(row.stops.map((s) => s.shipment_id))] } };
    await writeAsOneStatement(trx, [insertTourWrite(trx, row), ...tourEventWrites(trx, ctx, row.id, [event], now)]);
    if (ctx.source?.actor.type === 'user') await recordTenantAct(trx, ctx, { action: 'tour.created', target: { type: 'tour', id: row.id }, changes: { name: row.name, date: row.date, stops: row.stops.length } });
  });
  return tourView(row);
}
