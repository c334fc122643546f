/**
 * `POST /v0/consignments/{datasetId}/follow-up` from the gate (platform-api-for-gate.yaml,
 * operation postConsignmentFollowup): a competent authority's message about the dataset, 2 to
 * 10 000 characters of plain text (edelivery.xsd requires at least 2). It is stored and appended
 * to the shipment's chain as `efti.follow_up_received`, so the carrier hears of it by webhook.
 * Raises `not_found` (unknown or sandbox dataset), `unsupported_media_type` (no text/plain body:
 * `message` undefined) and `bad_request` (length, or text PostgreSQL cannot keep).
 */
import type { Services } from '../../../core/context.js';
import { AppError, isAppError } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { hasUnstorableText } from '../../../core/storable-text.js';
import { withTransaction } from '../../../ports/database.js';
import { findShipment } from '../../shipments/get-shipment.js';
import { recordShipmentChange } from '../../shipments/record-shipment-change.js';
import { insertFollowUpWrite } from './gate.repository.js';
import { findGateDataset, recordGateView, type GateRequest } from './gate-request.js';

export const FOLLOW_UP_MIN_CHARACTERS = 2;
export const FOLLOW_UP_MAX_CHARACTERS = 10_000;

function checkMessage(message: string | undefined): asserts message is string {
  if (message === undefined) throw new AppError('unsupported_media_type', 'Send the follow-up message as text/plain.');
  const length = [...message].length;
  if (length < FOLLOW_UP_MIN_CHARACTERS || length > FOLLOW_UP_MAX_CHARACTERS) {
    throw new AppError('bad_request', `A follow-up message is ${FOLLOW_UP_MIN_CHARACTERS} to ${FOLLOW_UP_MAX_CHARACTERS} characters of text/plain; this one has ${length}.`);
  }
  if (hasUnstorableText(message)) throw new AppError('bad_request', 'The follow-up message holds characters that cannot be stored (U+0000 or an unpaired surrogate).');
}

/** Stores the message and records the event; resolves with the follow-up's `efu_` id. */
export async function receiveFollowUp(services: Services, request: GateRequest, message: string | undefined): Promise<string> {
  const dataset = await findGateDataset(services, request);
  const { ctx } = dataset;
  try {
    checkMessage(message);
    const now = ctx.clock.now();
    const id = newId('efti_follow_up', now);
    await withTransaction(ctx.db, async (trx) => {
      const row = await findShipment(trx, ctx, dataset.shipmentId, { forUpdate: true });
      const fields = { follow_up_id: id, dataset_id: dataset.datasetId, gate_id: request.gateId };
      await recordShipmentChange(trx, ctx, row, {}, [{ type: 'efti.follow_up_received', status: row.status, fields }], now, async (_changed, [event]) => [
        insertFollowUpWrite(trx, { id, organization_id: ctx.organizationId, mode: ctx.mode, shipment_id: row.id, dataset_id: dataset.datasetId, gate_id: request.gateId, message, event_id: event!.event_id, received_at: now }),
      ]);
    });
    await recordGateView(dataset, request, 'ok', { follow_up_id: id });
    return id;
  } catch (error) {
    if (isAppError(error)) await recordGateView(dataset, request, error.code, {});
    throw error;
  }
}
