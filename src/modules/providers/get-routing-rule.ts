/** Reads one routing rule, and lists them all in evaluation order; another tenant's is `not_found`. */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../ports/database.js';
import { routingRuleView, type RoutingRuleView } from './routing-rule-view.js';
import { selectRoutingRule, selectRoutingRules, type RoutingRuleRow } from './routing-rules.repository.js';

export async function findRoutingRule(db: Database, ctx: TenantContext, id: string): Promise<RoutingRuleRow> {
  const row = await selectRoutingRule(db, ctx, id);
  if (!row) throw new AppError('not_found', `No routing rule ${id}.`);
  return row;
}

export async function getRoutingRule(ctx: TenantContext, id: string): Promise<RoutingRuleView> {
  return routingRuleView(await findRoutingRule(ctx.db, ctx, id));
}

export async function listRoutingRules(ctx: TenantContext): Promise<{ data: RoutingRuleView[]; has_more: false; next_cursor: null }> {
  return { data: (await selectRoutingRules(ctx.db, ctx)).map(routingRuleView), has_more: false, next_cursor: null };
}
