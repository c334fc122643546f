/**
 * The routing decision at issue: the organisation's rules in order, the first
 * whose match holds decides. Its decision is the chained event `shipment.routed`; a hand-over is a
 * `pending` row and a `provider-handover` job, written in the statement of the issue itself
 * (STYLE, Background work), so an issued shipment is never without its hand-over. No matching
 * rule: no event, the note stays here. A rule naming a provider this deployment no longer
 * configures still decides; its hand-over then fails on its first attempt, visibly.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { enqueueJobWrite } from '../../jobs/job-queue.js';
import type { Database, Write } from '../../ports/database.js';
import type { ShipmentEventSpec } from '../events/record-shipment-events.js';
import { HANDOVER_JOB, HANDOVER_RETRY_DELAYS_MS, type HandoverPayload } from './handover-policy.js';
import { insertHandoverWrite, type HandoverRow } from './handovers.repository.js';
import { routingFacts, routingMatches } from './routing-match.js';
import { selectRoutingRules } from './routing-rules.repository.js';

export interface RoutingDecision {
  event: ShipmentEventSpec;
  writes: Write[];
}

/** The decision for a shipment being issued, or undefined when no rule matches. */
export async function routeAtIssue(db: Database, ctx: TenantContext, shipment: { id: string; data: Record<string, unknown>; transport_type: string }, now: Date): Promise<RoutingDecision | undefined> {
  const rules = await selectRoutingRules(db, ctx);
  if (rules.length === 0) return undefined;
  const facts = routingFacts(shipment.data, shipment.transport_type);
  const rule = rules.find((r) => routingMatches(r.match, facts));
  if (!rule) return undefined;
  const fields: Record<string, unknown> = { rule_id: rule.id, rule_name: rule.name, action: rule.action };
  if (rule.action === 'keep' || !rule.provider_id) return { event: { type: 'shipment.routed', status: 'issued', fields }, writes: [] };
  const handover: HandoverRow = {
    id: newId('provider_handover', now),
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    shipment_id: shipment.id,
    provider_id: rule.provider_id,
    rule_id: rule.id,
    status: 'pending',
    provider_ref: null,
    provider_status: null,
    attempts: 0,
    last_error: null,
    created_at: now,
    updated_at: now,
    handed_over_at: null,
  };
  const payload: HandoverPayload = { organization_id: ctx.organizationId, mode: ctx.mode, handover_id: handover.id };
  return {
    event: { type: 'shipment.routed', status: 'issued', fields: { ...fields, provider_id: rule.provider_id, handover_id: handover.id } },
    writes: [insertHandoverWrite(db, handover), enqueueJobWrite(db, { kind: HANDOVER_JOB, payload, runAt: now, maxAttempts: HANDOVER_RETRY_DELAYS_MS.length + 1 }, now)],
  };
}
