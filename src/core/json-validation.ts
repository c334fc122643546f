/**
 * JSON Schema validation and its findings, shared by the HTTP layer (request schemas) and domain
 * code that validates a document it assembled itself (a shipment after a merge patch, the dry run).
 * Bodies are validated strictly: no type coercion, unknown fields refused by the schemas'
 * additionalProperties: false. Every failing field becomes one finding, with its JSON path.
 */
import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import { finding, type Finding } from './findings.js';
import { isIdPattern } from './ids.js';
import { isTimeZone } from './time-zones.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as FormatsPlugin;

export function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, removeAdditional: false, ...options });
  addFormats(ajv);
  ajv.addFormat('time-zone', isTimeZone);
  return ajv;
}

function toPath(prefix: string, instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : `${path}.${part}`), prefix);
}

function findingOf(prefix: string, e: ErrorObject): Finding | undefined {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const field = String(p.missingProperty);
      return finding(toPath(prefix, e.instancePath, field), 'required', { field });
    }
    case 'additionalProperties': {
      const field = String(p.additionalProperty);
      return finding(toPath(prefix, e.instancePath, field), 'unknown_field', { field });
    }
    case 'type':
      return finding(toPath(prefix, e.instancePath), 'invalid_type', { type: p.type });
    case 'minLength':
      return finding(toPath(prefix, e.instancePath), 'too_short', { limit: p.limit });
    case 'maxLength':
      return finding(toPath(prefix, e.instancePath), 'too_long', { limit: p.limit });
    case 'minItems':
      return finding(toPath(prefix, e.instancePath), 'too_few_items', { limit: p.limit });
    case 'maxItems':
      return finding(toPath(prefix, e.instancePath), 'too_many_items', { limit: p.limit });
    case 'pattern':
      return finding(toPath(prefix, e.instancePath), 'invalid_format', { pattern: p.pattern });
    case 'format':
      if (p.format === 'time-zone') return finding(toPath(prefix, e.instancePath), 'unknown_time_zone');
      return finding(toPath(prefix, e.instancePath), 'invalid_format', { format: p.format });
    case 'enum':
      return finding(toPath(prefix, e.instancePath), 'invalid_value', { allowed: p.allowedValues });
    case 'const':
      return finding(toPath(prefix, e.instancePath), 'invalid_value', { allowed: [p.allowedValue] });
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return finding(toPath(prefix, e.instancePath), 'out_of_range', { comparison: p.comparison, limit: p.limit });
    // anyOf/oneOf repeat what their branches already said.
    case 'anyOf':
    case 'oneOf':
      return undefined;
    default:
      return finding(toPath(prefix, e.instancePath), 'invalid', { keyword: e.keyword });
  }
}

export interface ValidationOutcome {
  findings: Finding[];
  /** True when a failing value is one of our identifiers of the wrong shape. */
  hasBadId: boolean;
}

/** Turns Ajv errors of one request part into findings, one per field and problem. */
export function validationFindings(part: string, errors: readonly ErrorObject[]): ValidationOutcome {
  const prefix = part === 'body' ? '$' : part === 'querystring' ? 'query' : part === 'params' ? 'path' : part;
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const error of errors) {
    const f = findingOf(prefix, error);
    if (!f || seen.has(`${f.path} ${f.code}`)) continue;
    seen.add(`${f.path} ${f.code}`);
    findings.push(f);
  }
  const hasBadId = errors.some((e) => e.keyword === 'pattern' && isIdPattern((e.params as { pattern?: unknown }).pattern));
  return { findings, hasBadId };
}

export type DocumentValidator = (value: unknown) => Finding[];

/**
 * A strict validator of documents against `rootId`, one of `schemas` (which may $ref each other).
 * Findings are as for request bodies: paths from `$`.
 */
export function documentValidator(schemas: readonly { $id?: string }[], rootId: string): DocumentValidator {
  const ajv = makeAjv({ coerceTypes: false });
  for (const schema of schemas) ajv.addSchema(schema as object);
  const validate = ajv.getSchema(rootId);
  if (!validate) throw new Error(`schema ${rootId} is not among those given`);
  return (value) => (validate(value) ? [] : validationFindings('body', validate.errors ?? []).findings);
}
