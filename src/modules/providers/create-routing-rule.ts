/**
 * Adds a routing rule at `position` (at the end when absent or past it), moving the rules from
 * there one place down. Raises `validation_failed` when the action and provider do not fit
 * (check-routing-rule.ts).
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { checkRoutingAction } from './check-routing-rule.js';
import { auditedRule } from './routing-rule-audit.js';
import type { RoutingRuleInput } from './provider.schema.js';
import { routingRuleView, type RoutingRuleView } from './routing-rule-view.js';
import { insertRoutingRuleWrite, selectRoutingRules, shiftRoutingRulesWrite, type RoutingRuleRow } from './routing-rules.repository.js';

export async function createRoutingRule(ctx: TenantContext, input: RoutingRuleInput): Promise<RoutingRuleView> {
  const providerId = input.provider_id ?? null;
  checkRoutingAction(ctx, input.action, providerId);
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (trx) => {
    const rules = await selectRoutingRules(trx, ctx, { forUpdate: true });
    const position = Math.min(input.position ?? rules.length, rules.length);
    const row: RoutingRuleRow = {
      id: newId('provider_routing_rule', now),
      organization_id: ctx.organizationId,
      mode: ctx.mode,
      position,
      name: input.name,
      match: input.match,
      action: input.action,
      provider_id: providerId,
      created_at: now,
      updated_at: now,
    };
    // Two statements: the shift must see the old positions before the new row takes its place.
    if (position < rules.length) await writeAsOneStatement(trx, [shiftRoutingRulesWrite(trx, ctx, position, 1)]);
    await writeAsOneStatement(trx, [insertRoutingRuleWrite(trx, row)]);
    await recordTenantAct(trx, ctx, { action: 'routing_rule.created', target: { type: 'routing_rule', id: row.id }, changes: { ...auditedRule(row), position } });
    return routingRuleView(row);
  });
}
