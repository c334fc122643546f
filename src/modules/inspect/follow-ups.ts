/**
 * eFTI follow-ups the gate sent about a shipment (`POST /v0/consignments/{datasetId}/follow-up`,
 * platform-api-for-gate.yaml), as the inspection shows them. Stored by the gate listener
 * (src/modules/efti/gate/receive-follow-up.ts).
 */
import type { TenantContext } from '../../core/context.js';
import { selectFollowUps } from '../efti/gate/gate.repository.js';

export interface EftiFollowUp {
  /** When the gate delivered it. */
  received_at: string;
  /** The gate that sent it. */
  gate_id: string | null;
  /** The authority's message, as sent (text/plain, 2–10 000 characters). */
  message: string;
}

/** Oldest first (ids are time-ordered). */
export async function followUpsOf(ctx: TenantContext, shipmentId: string): Promise<EftiFollowUp[]> {
  const rows = await selectFollowUps(ctx.db, ctx, shipmentId);
  return rows.map((row) => ({ received_at: row.received_at.toISOString(), gate_id: row.gate_id, message: row.message }));
}
