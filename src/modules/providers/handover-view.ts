/** A hand-over as the API answers it. */
import type { HandoverRow } from './handovers.repository.js';

export function handoverView(row: HandoverRow) {
  return {
    id: row.id,
    shipment_id: row.shipment_id,
    provider_id: row.provider_id,
    rule_id: row.rule_id,
    status: row.status,
    provider_ref: row.provider_ref,
    provider_status: row.provider_status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    handed_over_at: row.handed_over_at?.toISOString() ?? null,
  };
}

export type HandoverView = ReturnType<typeof handoverView>;

/** A shipment no routing rule handed over: its note is held here (`status: "none"`). */
export function noHandoverView(shipmentId: string, updatedAt: Date) {
  return {
    id: null,
    shipment_id: shipmentId,
    provider_id: null,
    rule_id: null,
    status: 'none' as const,
    provider_ref: null,
    provider_status: null,
    attempts: 0,
    last_error: null,
    created_at: null,
    updated_at: updatedAt.toISOString(),
    handed_over_at: null,
  };
}
