/**
 * Request validation. Bodies are validated strictly (no type coercion, unknown fields rejected by
 * the schemas' additionalProperties: false); only query and path parameters are coerced from
 * strings (STYLE, Schemas). Every failing field becomes one finding, with its JSON path.
 */
import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { finding, type Finding } from '../core/findings.js';
import { isIdPattern } from '../core/ids.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as FormatsPlugin;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, removeAdditional: false, ...options });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = makeAjv({ coerceTypes: false });
const parameterAjv = makeAjv({ coerceTypes: 'array' });

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : parameterAjv;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
};

/**
 * Fastify's hook for a custom validator: it hands over the schemas registered with addSchema, so
 * a body may $ref a shared resource schema. Set as `schemaController.compilersFactory.buildValidator`
 * (a plain setValidatorCompiler is replaced in plugin scopes that add schemas of their own).
 */
export function buildValidator(externalSchemas: Record<string, unknown> | undefined): FastifySchemaCompiler<unknown> {
  for (const schema of Object.values(externalSchemas ?? {})) {
    const id = (schema as { $id?: string }).$id;
    for (const ajv of [bodyAjv, parameterAjv]) if (id && !ajv.getSchema(id)) ajv.addSchema(schema as object);
  }
  return validatorCompiler;
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
