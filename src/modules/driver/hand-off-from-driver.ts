/**
 * POST /v1/driver/shipments/{id}/handoffs: the driver hands the phone to the party of the stop they
 * are at — the consignor at a pickup, the consignee at a delivery — through the existing handoff
 * link (hand-off.ts), opened at once on the phone, where that signer signs through the signing app.
 * The stop is the shipment's first pending stop in the driver's tour: once the sender has signed at
 * the pickup dock, the consignee's page cannot be opened there (409 `conflict`).
 */
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { AlsoWrite } from '../../ports/database.js';
import { openHandoff, type HandoffLink } from '../signatures/hand-off.js';
import { HANDOFF_PARTY } from '../tours/stop-signatures.js';
import { assertNotStopped } from '../disposal/stopped-goods.js';
import { capturedAt } from './captured-at.js';
import { findDriverShipment, type DriverRequest } from './driver-work.js';

const PARTY_WORD = { consignor: 'consignor (sender)', consignee: 'consignee' } as const;

export async function handOffFromDriver(services: Services, request: DriverRequest, shipmentId: string, body: { role: 'consignor' | 'consignee'; captured_at?: string }, alsoWrite?: AlsoWrite<HandoffLink>): Promise<HandoffLink> {
  const { ctx, tour } = await findDriverShipment(services, request, shipmentId);
  capturedAt(ctx.clock, body.captured_at);
  const position = tour.stops.findIndex((s) => s.shipment_id === shipmentId && s.status === 'pending');
  const stop = tour.stops[position];
  if (!stop) throw new AppError('conflict', `Tour ${tour.id} has no pending stop of shipment ${shipmentId}: there is nobody to hand the phone to.`);
  const party = HANDOFF_PARTY[stop.kind];
  if (!party) throw new AppError('conflict', `Stop ${position + 1} of tour ${tour.id} is the takeover of ${shipmentId}: there you sign for your own carrier, nobody takes the phone.`);
  if (party !== body.role) {
    throw new AppError('conflict', `Stop ${position + 1} of tour ${tour.id} is the ${stop.kind} of ${shipmentId}: the phone goes to the ${PARTY_WORD[party]} there, not to the ${PARTY_WORD[body.role]}.`);
  }
  if (party === 'consignee') await assertNotStopped(ctx.db, ctx, shipmentId, 'handing the phone to the consignee');
  const shipment = await ctx.db.selectFrom('shipments').select('test_clock_id').where('id', '=', shipmentId).where('organization_id', '=', ctx.organizationId).where('mode', '=', ctx.mode).executeTakeFirst();
  return openHandoff(ctx, shipmentId, body.role, { language: tour.driver.language ?? 'en', testClockId: shipment?.test_clock_id ?? null, handoffFrom: null }, alsoWrite);
}
