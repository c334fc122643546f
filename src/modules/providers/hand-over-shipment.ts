/**
 * One hand-over attempt (a claimed `provider-handover` job): send the shipment's note to the
 * provider through its adapter and record the outcome. A provider that does not answer throws, so
 * the job queue tries again on the schedule (handover-policy.ts); one that refuses fails the
 * hand-over at once, since the same note would be refused again. Success and failure are chained
 * shipment events (`shipment.handed_over`, `shipment.handover_failed`), which our webhooks deliver.
 * A retry after a timeout may reach a provider that took the first request: its API (OLF eCMR)
 * has no idempotency key, so docs/providers.md says how to spot the duplicate there.
 */
import type { Services, TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { ProviderRefused, type ProviderNote } from '../../ports/ecmr-provider.js';
import { findShipment } from '../shipments/get-shipment.js';
import { recordShipmentChange } from '../shipments/record-shipment-change.js';
import type { HandoverPayload } from './handover-policy.js';
import { selectHandover, updateHandoverWrite, type HandoverRow } from './handovers.repository.js';

const MAX_ERROR = 500;

function tenantOf(services: Services, payload: HandoverPayload): TenantContext {
  return { ...services, organizationId: payload.organization_id, mode: payload.mode, requestId: newId('request', services.clock.now()) };
}

async function settle(job: TenantContext, handover: HandoverRow, outcome: { note: ProviderNote } | { error: string }): Promise<void> {
  // The outcome is the provider's answer: it is the actor of the event (the shipment's timeline).
  const ctx: TenantContext = { ...job, source: { actor: { type: 'provider', id: handover.provider_id } } };
  const now = ctx.clock.now();
  await withTransaction(ctx.db, async (trx) => {
    const shipment = await findShipment(trx, ctx, handover.shipment_id, { forUpdate: true });
    const attempts = handover.attempts + 1;
    if ('note' in outcome) {
      const changes = { status: 'handed_over' as const, provider_ref: outcome.note.providerRef, provider_status: outcome.note.status, attempts, last_error: null, updated_at: now, handed_over_at: now };
      const event = { type: 'shipment.handed_over' as const, status: shipment.status, fields: { handover_id: handover.id, provider_id: handover.provider_id, provider_ref: outcome.note.providerRef } };
      await recordShipmentChange(trx, ctx, shipment, {}, [event], now, [updateHandoverWrite(trx, ctx, handover.id, changes)]);
    } else {
      const error = outcome.error.slice(0, MAX_ERROR);
      const event = { type: 'shipment.handover_failed' as const, status: shipment.status, fields: { handover_id: handover.id, provider_id: handover.provider_id, error } };
      await recordShipmentChange(trx, ctx, shipment, {}, [event], now, [updateHandoverWrite(trx, ctx, handover.id, { status: 'failed', attempts, last_error: error, updated_at: now })]);
    }
  });
}

/** Sends the note; throws (for a retry) when the provider does not answer. */
export async function handOverShipment(services: Services, payload: HandoverPayload): Promise<void> {
  const ctx = tenantOf(services, payload);
  const handover = await selectHandover(ctx.db, ctx, payload.handover_id);
  if (handover?.status !== 'pending') return;
  const adapter = services.providers.adapters[handover.provider_id];
  if (!adapter) return settle(ctx, handover, { error: `provider ${handover.provider_id} is not configured in this deployment any more` });
  const shipment = await findShipment(ctx.db, ctx, handover.shipment_id);
  let note: ProviderNote;
  try {
    note = await adapter.createNote({ shipmentId: shipment.id, reference: shipment.reference, data: shipment.data });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ProviderRefused) return settle(ctx, handover, { error: message });
    await writeAsOneStatement(ctx.db, [updateHandoverWrite(ctx.db, ctx, handover.id, { attempts: handover.attempts + 1, last_error: message.slice(0, MAX_ERROR), updated_at: ctx.clock.now() })]);
    throw error;
  }
  await settle(ctx, handover, { note });
}

/** After the last attempt: the hand-over is `failed`, with `shipment.handover_failed`. */
export async function recordHandoverFailure(services: Services, payload: HandoverPayload, error: string): Promise<void> {
  const ctx = tenantOf(services, payload);
  const handover = await selectHandover(ctx.db, ctx, payload.handover_id);
  if (handover?.status !== 'pending') return;
  // The attempt that ran out was counted already.
  await settle(ctx, { ...handover, attempts: handover.attempts - 1 }, { error });
}
