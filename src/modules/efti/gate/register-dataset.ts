/**
 * One registration attempt (a claimed `efti-gate-registration` job): load the dataset as it is
 * now, PUT its identifier subset to the mode's gate under its `datasetId`, and record the outcome.
 * Anything but a 2xx answer throws, so the job queue retries on the webhook schedule; the last
 * failure is `recordRegistrationFailure`. Each attempt sends the current identifiers, so a retry
 * after a later change sends the later state, and a PUT the gate took twice does no harm (the
 * gate's PUT replaces the identifiers of the dataset).
 */
import type { Services, TenantContext } from '../../../core/context.js';
import { newId } from '../../../core/ids.js';
import { withTransaction, writeAsOneStatement } from '../../../ports/database.js';
import { findShipment } from '../../shipments/get-shipment.js';
import { recordShipmentChange } from '../../shipments/record-shipment-change.js';
import { updateShipmentWrite } from '../../shipments/shipments.repository.js';
import { loadEftiSource } from '../mapping/efti-source.js';
import { gateIdentifierXml } from './gate-documents.js';
import { gateOf, type GateRegistrationPayload } from './gate-registration.js';
import { GATE_REGISTRATION_JOB } from './gate-policy.js';
import { hasQueuedRegistration, recordGateAttempt, rememberGateDataset } from './gate.repository.js';

/** The job's context: what it records is the gate's answer, so the gate is the actor (the shipment's timeline). */
function tenantOf(services: Services, payload: GateRegistrationPayload): TenantContext {
  const source = { actor: { type: 'efti_gate' as const, ...(services.efti ? { id: services.efti.gateId } : {}) } };
  return { ...services, organizationId: payload.organization_id, mode: payload.mode, requestId: newId('request', services.clock.now()), source };
}

/** Sends the identifiers; throws (for a retry) when the gate cannot be reached or does not answer 2xx. */
export async function registerDataset(services: Services, payload: GateRegistrationPayload): Promise<void> {
  const ctx = tenantOf(services, payload);
  const gate = gateOf(services, payload.mode);
  if (!gate) {
    // The configuration changed since the job was queued: nothing will take it.
    await writeAsOneStatement(ctx.db, [updateShipmentWrite(ctx.db, ctx, payload.shipment_id, { gate_status: 'not_configured' })]);
    return;
  }
  const source = await loadEftiSource(ctx, payload.shipment_id);
  if (!source) return;
  const datasetId = source.shipment.dataset_id;
  await rememberGateDataset(ctx.db, { ...payload, dataset_id: datasetId }, ctx.clock.now());
  const xml = gateIdentifierXml(source);
  let failure: string | undefined;
  try {
    const answer = await gate.putConsignment(datasetId, xml);
    if (answer.status < 200 || answer.status >= 300) failure = `the gate answered ${answer.status}${answer.body ? `: ${answer.body.slice(0, 500)}` : ''}`;
  } catch (error) {
    failure = `the gate could not be reached: ${(error as Error).message}`;
  }
  const now = ctx.clock.now();
  if (failure) {
    await recordGateAttempt(ctx.db, payload.shipment_id, { error: failure }, now);
    throw new Error(failure);
  }
  await recordGateAttempt(ctx.db, payload.shipment_id, { registeredAt: now }, now);
  await writeAsOneStatement(ctx.db, [updateShipmentWrite(ctx.db, ctx, payload.shipment_id, { gate_status: 'registered' })]);
}

/** After the last attempt: `gate_status: "failed"` and the chained event `efti.registration_failed`, so the carrier hears of it. */
export async function recordRegistrationFailure(services: Services, payload: GateRegistrationPayload, error: string): Promise<void> {
  const ctx = tenantOf(services, payload);
  // A later change queued a registration of its own: that one decides the status.
  if (await hasQueuedRegistration(ctx.db, GATE_REGISTRATION_JOB, payload.shipment_id)) return;
  const source = await loadEftiSource(ctx, payload.shipment_id);
  await withTransaction(ctx.db, async (trx) => {
    const row = await findShipment(trx, ctx, payload.shipment_id, { forUpdate: true });
    const fields = { dataset_id: source?.shipment.dataset_id ?? null, gate_url: gateOf(services, payload.mode)?.url ?? null, error };
    await recordShipmentChange(trx, ctx, row, { gate_status: 'failed' }, [{ type: 'efti.registration_failed', status: row.status, fields }], ctx.clock.now());
  });
}
