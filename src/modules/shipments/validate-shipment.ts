/**
 * Validates a shipment input the way create does, without storing it: the JSON schema and the
 * business rules in one pass, so a client sees every problem at once. The dry-run endpoint returns
 * this result; create and update refuse when it is not valid.
 *
 * Where a rule and the schema both say a value is missing (the currency of cash on delivery), the
 * rule's finding is kept: it names the law behind it. Any other schema finding stays.
 */
import { documentValidator } from '../../core/json-validation.js';
import { unstorableTextFindings } from '../../core/storable-text.js';
import { translateFindings, type Finding } from '../../core/findings.js';
import type { Language } from '../../core/language.js';
import { evaluateRules } from './rules/evaluate-rules.js';
import { SHIPMENT_INPUT_SCHEMAS, type TransportType } from './shipment-input.schema.js';

const checkSchema = documentValidator(SHIPMENT_INPUT_SCHEMAS, 'ShipmentInput');

export interface ValidationResult {
  valid: boolean;
  errors: Finding[];
  warnings: Finding[];
  /** Absent only when the body names neither both countries nor `combined_transport` nor a valid `transport_type`. */
  transport_type?: TransportType;
}

export function validateShipment(draft: unknown, language: Language): ValidationResult {
  const rules = evaluateRules(draft, language);
  const rulePaths = new Set(rules.errors.map((f) => f.path));
  const schema = translateFindings([...checkSchema(draft), ...unstorableTextFindings(draft)], language).filter((f) => f.code !== 'required' || !rulePaths.has(f.path));
  const errors = [...schema, ...rules.errors];
  return { valid: errors.length === 0, errors, warnings: rules.warnings, ...(rules.transport_type ? { transport_type: rules.transport_type } : {}) };
}
