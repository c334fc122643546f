/**
 * Puts the rules in a new evaluation order: `rule_ids` names every rule of the organisation and
 * mode once. A list that leaves one out or names another is `validation_failed` on `$.rule_ids`.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { finding, registerFindingMessages } from '../../core/findings.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { routingRuleView, type RoutingRuleView } from './routing-rule-view.js';
import { selectRoutingRules, updateRoutingRuleWrite } from './routing-rules.repository.js';

registerFindingMessages({
  rule_ids_incomplete: {
    en: (p) => `List every routing rule once (${String(p.count)}), and no other.`,
    nl: (p) => `Noem elke routeringsregel één keer (${String(p.count)}), en geen andere.`,
    de: (p) => `Nennen Sie jede Routing-Regel genau einmal (${String(p.count)}) und keine andere.`,
    fr: (p) => `Nommez chaque règle de routage une fois (${String(p.count)}), et aucune autre.`,
  },
});

export async function reorderRoutingRules(ctx: TenantContext, ruleIds: readonly string[]): Promise<{ data: RoutingRuleView[]; has_more: false; next_cursor: null }> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (trx) => {
    const rules = await selectRoutingRules(trx, ctx, { forUpdate: true });
    const known = new Set(rules.map((r) => r.id));
    if (ruleIds.length !== rules.length || ruleIds.some((id) => !known.has(id))) {
      throw new AppError('validation_failed', 'The new order does not validate; see errors.', { errors: [finding('$.rule_ids', 'rule_ids_incomplete', { count: rules.length })] });
    }
    const moved = rules.filter((r) => r.position !== ruleIds.indexOf(r.id));
    if (moved.length > 0) {
      await writeAsOneStatement(trx, moved.map((r) => updateRoutingRuleWrite(trx, ctx, r.id, { position: ruleIds.indexOf(r.id), updated_at: now })));
      // The order is the organisation's, not one rule's; an order sent unchanged is no act.
      await recordTenantAct(trx, ctx, { action: 'routing_rule.reordered', target: { type: 'organization', id: ctx.organizationId }, changes: { rule_ids: { from: rules.map((r) => r.id), to: [...ruleIds] } } });
    }
    const reordered = ruleIds.map((id, position) => {
      const rule = rules.find((r) => r.id === id)!;
      return rule.position === position ? rule : { ...rule, position, updated_at: now };
    });
    return { data: reordered.map(routingRuleView), has_more: false, next_cursor: null };
  });
}
