/** Reads one routing rule, and lists them in evaluation order; another tenant's is `not_found`. */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { Page } from '../../core/pagination.js';
import type { Database } from '../../ports/database.js';
import { orderedPage } from './ordered-page.js';
import type { OrderedListQuery } from './provider.schema.js';
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

/** Every rule in evaluation order, a page at a time. */
export async function listRoutingRules(ctx: TenantContext, query: OrderedListQuery): Promise<Page<RoutingRuleView>> {
  const all = (await selectRoutingRules(ctx.db, ctx)).map(routingRuleView);
  return orderedPage(ctx, 'provider_routing_rules', query, all, (r) => String(r.position).padStart(6, '0'));
}
