/**
 * What the audit log keeps of a routing rule. VAT numbers in a match may name a sole trader, so the
 * log keeps how many a condition lists, not the numbers; countries and transport types as they are.
 */
import type { RoutingMatch } from './provider.schema.js';
import type { RoutingRuleRow } from './routing-rules.repository.js';

export const AUDITED_RULE_FIELDS = ['name', 'match', 'action', 'provider_id'] as const;

export function auditedMatch(match: RoutingMatch): Record<string, unknown> {
  const { consignee_vat_numbers: consignees, carrier_vat_numbers: carriers, ...rest } = match;
  return {
    ...rest,
    ...(consignees ? { consignee_vat_numbers: consignees.length } : {}),
    ...(carriers ? { carrier_vat_numbers: carriers.length } : {}),
  };
}

/** The rule's audited fields, its match summarised. */
export function auditedRule(row: Pick<RoutingRuleRow, (typeof AUDITED_RULE_FIELDS)[number]>): Record<string, unknown> {
  return { name: row.name, match: auditedMatch(row.match), action: row.action, provider_id: row.provider_id };
}
