/**
 * eFTI follow-ups the gate sent about a shipment (`POST /v0/consignments/{datasetId}/follow-up`,
 * platform-api-for-gate.yaml), as the inspection shows them. The gate work stores them; until that
 * store is merged in, a shipment has none.
 */
import type { TenantContext } from '../../core/context.js';

export interface EftiFollowUp {
  /** When the gate delivered it. */
  received_at: string;
  /** The gate that sent it. */
  gate_id: string | null;
  /** The authority's message, as sent (text/plain, 2–10 000 characters). */
  message: string;
}

/** Oldest first. Placeholder (issue 16): reads the gate work's table once that is merged. */
export async function followUpsOf(_ctx: TenantContext, _shipmentId: string): Promise<EftiFollowUp[]> {
  return [];
}
