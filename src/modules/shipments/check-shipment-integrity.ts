/**
 * Recomputes a shipment's event chain from the stored rows (GET /v1/shipments/{id}/integrity):
 * a row edited, inserted or deleted behind the service's back shows as `valid: false` with the
 * first seq that does not verify; a chain recomputed after an edit fails against the signed
 * checkpoints that sealed its later heads (docs/audit-log.md, Checkpoints).
 */
import type { TenantContext } from '../../core/context.js';
import { checkChainCheckpoints, recomputedShipmentChain, type CheckpointReport } from '../checkpoints/check-chain-checkpoints.js';
import { selectShipmentEvents } from '../events/events.repository.js';
import { verifyChain, type IntegrityReport } from '../events/hash-chain.js';
import { findShipment } from './get-shipment.js';

export async function checkShipmentIntegrity(ctx: TenantContext, id: string): Promise<IntegrityReport & { shipment_id: string; checkpoints: CheckpointReport; checked_at: string }> {
  const row = await findShipment(ctx.db, ctx, id);
  const events = await selectShipmentEvents(ctx.db, ctx, id);
  const report = verifyChain(events, { seq: row.event_seq, hash: row.head_hash });
  const checkpoints = await checkChainCheckpoints(ctx, { shipment: { id, chain: recomputedShipmentChain(events) } });
  return { shipment_id: id, ...report, valid: report.valid && checkpoints.failed.length === 0, checkpoints, checked_at: ctx.clock.now().toISOString() };
}
