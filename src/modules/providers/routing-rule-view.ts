/** A routing rule as the API answers it. */
import type { RoutingRuleRow } from './routing-rules.repository.js';

export function routingRuleView(row: RoutingRuleRow) {
  return {
    id: row.id,
    mode: row.mode,
    position: row.position,
    name: row.name,
    match: row.match,
    action: row.action,
    provider_id: row.provider_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type RoutingRuleView = ReturnType<typeof routingRuleView>;
