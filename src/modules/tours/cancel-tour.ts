/**
 * Cancels a planned or running tour (`tour.cancelled`); a completed or cancelled one is
 * `invalid_transition`. Its shipments keep the driver and vehicle the tour gave them: a new tour
 * or a shipment update replaces them.
 */
import type { TenantContext } from '../../core/context.js';
import { withTransaction, type AlsoWrite } from '../../ports/database.js';
import { findTour } from './get-tour.js';
import { recordTourChange } from './record-tour-change.js';
import { assertTourTransition } from './tour-status.js';
import { tourView, type TourView } from './tour-view.js';

export async function cancelTour(ctx: TenantContext, id: string, reason: string | undefined, alsoWrite?: AlsoWrite<TourView>): Promise<TourView> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (trx) => {
    const row = await findTour(trx, ctx, id, { forUpdate: true });
    assertTourTransition(id, row.status, 'cancelled');
    const event = { type: 'tour.cancelled' as const, status: 'cancelled', fields: reason ? { reason } : {} };
    return tourView(await recordTourChange(trx, ctx, row, { status: 'cancelled', cancelled_at: now, cancellation_reason: reason ?? null }, [event], now));
  }, alsoWrite);
}
