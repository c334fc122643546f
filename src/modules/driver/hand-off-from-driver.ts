/**
 * POST /v1/driver/shipments/{id}/handoffs: the driver hands the phone to the consignor (pickup) or
 * the consignee (delivery): the existing handoff link (hand-off.ts), opened at once on the phone,
 * where that signer signs through the signing app.
 */
import type { Services } from '../../core/context.js';
import type { AlsoWrite } from '../../ports/database.js';
import { openHandoff, type HandoffLink } from '../signatures/hand-off.js';
import { capturedAt } from './captured-at.js';
import { findDriverShipment, type DriverRequest } from './driver-work.js';

export async function handOffFromDriver(services: Services, request: DriverRequest, shipmentId: string, body: { role: 'consignor' | 'consignee'; captured_at?: string }, alsoWrite?: AlsoWrite<HandoffLink>): Promise<HandoffLink> {
  const { ctx, tour } = await findDriverShipment(services, request, shipmentId);
  capturedAt(ctx.clock, body.captured_at);
  const shipment = await ctx.db.selectFrom('shipments').select('test_clock_id').where('id', '=', shipmentId).where('organization_id', '=', ctx.organizationId).where('mode', '=', ctx.mode).executeTakeFirst();
  return openHandoff(ctx, shipmentId, body.role, { language: tour.driver.language ?? 'en', testClockId: shipment?.test_clock_id ?? null, handoffFrom: null }, alsoWrite);
}
