/** Deletes a routing rule and closes the gap it leaves in the order. Raises `not_found`. */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { auditedRule } from './routing-rule-audit.js';
import { deleteRoutingRuleWrite, selectRoutingRules, shiftRoutingRulesWrite } from './routing-rules.repository.js';

export async function deleteRoutingRule(ctx: TenantContext, id: string): Promise<void> {
  await withTransaction(ctx.db, async (trx) => {
    const rule = (await selectRoutingRules(trx, ctx, { forUpdate: true })).find((r) => r.id === id);
    if (!rule) throw new AppError('not_found', `No routing rule ${id}.`);
    await writeAsOneStatement(trx, [deleteRoutingRuleWrite(trx, ctx, id)]);
    await writeAsOneStatement(trx, [shiftRoutingRulesWrite(trx, ctx, rule.position + 1, -1)]);
    await recordTenantAct(trx, ctx, { action: 'routing_rule.deleted', target: { type: 'routing_rule', id }, changes: { ...auditedRule(rule), position: rule.position } });
  });
}
