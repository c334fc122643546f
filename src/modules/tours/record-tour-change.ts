/** Stores a change of a locked tour together with the events it causes, inside the caller's transaction. */
import type { TenantContext } from '../../core/context.js';
import { writeAsOneStatement, type Database } from '../../ports/database.js';
import { tourEventWrites, type TourEventSpec } from '../events/record-tour-events.js';
import { updateTourWrite, type TourChanges, type TourRow } from './tours.repository.js';

export async function recordTourChange(trx: Database, ctx: TenantContext, row: TourRow, changes: TourChanges, events: readonly TourEventSpec[], now: Date): Promise<TourRow> {
  const all: TourChanges = { ...changes, updated_at: now };
  await writeAsOneStatement(trx, [updateTourWrite(trx, ctx, row.id, all), ...tourEventWrites(trx, ctx, row.id, events, now)]);
  return { ...row, ...all };
}
