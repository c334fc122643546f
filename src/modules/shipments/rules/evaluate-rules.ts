/**
 * Runs every business rule of the shipment on a draft and turns the hits into findings (service
 * description, Validation result and Finding): errors block the create, warnings ride along.
 * `transport_type` is what the create would store: the derived type, or, when the lane is too
 * incomplete to derive one, the client's own valid value, else absent (the spec types it as one of
 * the four values, so there is no null to send).
 *
 * A draft that is not a JSON object (array, string, null) gets no rule findings: the schema
 * reports its type, and no rule has anything to read.
 */
import type { Finding } from '../../../core/findings.js';
import type { Language } from '../../../core/language.js';
import { TRANSPORT_TYPES, type TransportType } from '../shipment-input.schema.js';
import type { ShipmentDraft } from './rule.js';
import { isObject } from './draft-reader.js';
import { SHIPMENT_RULES } from './shipment-rules.js';
import { deriveTransportType } from './transport-type.js';

export interface RuleEvaluation {
  errors: Finding[];
  warnings: Finding[];
  transport_type?: TransportType;
}

/** Evaluates the shipment rules on any parsed JSON body; never throws on a malformed one. */
export function evaluateRules(draft: unknown, language: Language): RuleEvaluation {
  if (!isObject(draft)) return { errors: [], warnings: [] };
  const derivedTransportType = deriveTransportType(draft);
  const result: RuleEvaluation = { errors: [], warnings: [] };
  for (const rule of SHIPMENT_RULES) {
    for (const hit of rule.check(draft as ShipmentDraft, { derivedTransportType })) {
      const finding: Finding = {
        path: hit.path,
        code: rule.code,
        message: rule.messages[language](hit.params),
        rule: rule.rule,
        source: rule.source,
        params: hit.params,
      };
      (rule.severity === 'error' ? result.errors : result.warnings).push(finding);
    }
  }
  const sent = TRANSPORT_TYPES.find((type) => type === draft.transport_type);
  const transportType = derivedTransportType ?? sent;
  return transportType ? { ...result, transport_type: transportType } : result;
}
