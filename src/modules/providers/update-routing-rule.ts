/**
 * Changes a routing rule's name, match, action or provider (the members given replace the rule's);
 * its place changes only through reorder. Raises `not_found` and `validation_failed`.
 */
import type { TenantContext } from '../../core/context.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { fieldChanges, recordTenantAct } from '../audit-log/record-audit-event.js';
import { checkRoutingAction } from './check-routing-rule.js';
import { AUDITED_RULE_FIELDS, auditedRule } from './routing-rule-audit.js';
import { findRoutingRule } from './get-routing-rule.js';
import type { RoutingRulePatch } from './provider.schema.js';
import { routingRuleView, type RoutingRuleView } from './routing-rule-view.js';
import { updateRoutingRuleWrite, type RoutingRuleRow } from './routing-rules.repository.js';

export async function updateRoutingRule(ctx: TenantContext, id: string, patch: RoutingRulePatch): Promise<RoutingRuleView> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (trx) => {
    const row = await findRoutingRule(trx, ctx, id);
    const action = patch.action ?? row.action;
    // Switching to `keep` drops the provider unless one is sent (which the check then refuses).
    const providerId = patch.provider_id !== undefined ? patch.provider_id : action === 'keep' ? null : row.provider_id;
    checkRoutingAction(ctx, action, providerId);
    const next: RoutingRuleRow = { ...row, name: patch.name ?? row.name, match: patch.match ?? row.match, action, provider_id: providerId, updated_at: now };
    await writeAsOneStatement(trx, [updateRoutingRuleWrite(trx, ctx, id, { name: next.name, match: next.match, action, provider_id: providerId, updated_at: now })]);
    await recordTenantAct(trx, ctx, { action: 'routing_rule.updated', target: { type: 'routing_rule', id }, changes: fieldChanges(auditedRule(row), auditedRule(next), AUDITED_RULE_FIELDS) });
    return routingRuleView(next);
  });
}
