/** Queries on `provider_routing_rules`, always scoped by organisation and mode, in evaluation order. */
import { sql } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { Database, Write } from '../../ports/database.js';
import type { RoutingMatch } from './provider.schema.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export interface RoutingRuleRow {
  id: string;
  organization_id: string;
  mode: Mode;
  position: number;
  name: string;
  match: RoutingMatch;
  action: 'keep' | 'hand_over';
  provider_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const scoped = (db: Database, t: Tenant) => db.selectFrom('provider_routing_rules').selectAll().where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);

/** Every rule of the tenant in evaluation order; `forUpdate` locks them all, so concurrent edits of the order queue up. */
export async function selectRoutingRules(db: Database, t: Tenant, options: { forUpdate?: boolean } = {}): Promise<RoutingRuleRow[]> {
  let query = scoped(db, t).orderBy('position').orderBy('id');
  if (options.forUpdate) query = query.forUpdate();
  return (await query.execute()) as unknown as RoutingRuleRow[];
}

export async function selectRoutingRule(db: Database, t: Tenant, id: string): Promise<RoutingRuleRow | undefined> {
  return (await scoped(db, t).where('id', '=', id).executeTakeFirst()) as unknown as RoutingRuleRow | undefined;
}

export function insertRoutingRuleWrite(db: Database, row: RoutingRuleRow): Write {
  return db.insertInto('provider_routing_rules').values({ ...row, match: JSON.stringify(row.match) });
}

export function updateRoutingRuleWrite(db: Database, t: Tenant, id: string, changes: Partial<Pick<RoutingRuleRow, 'name' | 'match' | 'action' | 'provider_id' | 'position' | 'updated_at'>>): Write {
  const { match, ...rest } = changes;
  return db
    .updateTable('provider_routing_rules')
    .set({ ...rest, ...(match !== undefined ? { match: JSON.stringify(match) } : {}) })
    .where('id', '=', id)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode);
}

export function deleteRoutingRuleWrite(db: Database, t: Tenant, id: string): Write {
  return db.deleteFrom('provider_routing_rules').where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
}

/** Moves the rules at `from` and after by `by` places (an insert makes room, a delete closes the gap). */
export function shiftRoutingRulesWrite(db: Database, t: Tenant, from: number, by: 1 | -1): Write {
  return db
    .updateTable('provider_routing_rules')
    .set({ position: sql<number>`position + ${by}` })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('position', '>=', from);
}
