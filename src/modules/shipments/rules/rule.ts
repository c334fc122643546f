/**
 * A business rule of the shipment: a stable finding `code`, a `rule` id, the `source` it
 * comes from (CMR article, e-CMR protocol, ADR chapter, EU regulation), a severity, English, Dutch,
 * German and French messages built from `params`, and a check that returns one hit per offending place.
 *
 * Rules run on whatever parsed JSON the client sent, also when the schema already failed (so the
 * dry run reports everything at once). A check therefore reads the draft defensively: any field
 * may be absent or of the wrong type, and a check must never throw on such input.
 */
import type { Language } from '../../../core/language.js';
import type { MessageTemplate } from '../../../core/findings.js';
import type { ShipmentInput, TransportType } from '../shipment-input.schema.js';

export type Severity = 'error' | 'warning';

/** What a rule can read: the input as sent, typed as if valid but to be read defensively. */
export type ShipmentDraft = ShipmentInput;

export interface RuleContext {
  /** The transport type derived from the lane and carrier, or undefined when the places are missing. */
  derivedTransportType: TransportType | undefined;
}

export interface RuleHit {
  /** JSON path from `$`, such as `$.goods[2].adr.un_number`. */
  path: string;
  params: Record<string, unknown>;
}

export interface Rule {
  /** Stable finding code, such as `consignee_missing`. */
  code: string;
  /** Rule id, such as `cmr.art6.consignee`. */
  rule: string;
  /** Law or standard, such as `CMR art. 6(1)(e)`. */
  source: string;
  severity: Severity;
  messages: Record<Language, MessageTemplate>;
  /** Params that render a representative message for the generated rule table. */
  example: Record<string, unknown>;
  check(draft: ShipmentDraft, context: RuleContext): RuleHit[];
}

export function defineRule(rule: Rule): Rule {
  return rule;
}
