/**
 * Request validation (STYLE, Schemas): bodies strictly, query and path parameters coerced from
 * strings. The rules and the findings they produce live in src/core/json-validation.ts.
 */
import type { FastifySchemaCompiler, preHandlerAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../core/errors.js';
import { makeAjv } from '../core/json-validation.js';
import { unstorableTextFindings } from '../core/storable-text.js';

export { validationFindings, type ValidationOutcome } from '../core/json-validation.js';

const bodyAjv = makeAjv({ coerceTypes: false });
const parameterAjv = makeAjv({ coerceTypes: 'array' });

/**
 * Routes (`METHOD url`) whose body the use case validates itself, because it must report schema
 * and business-rule findings together or validate a merged document (config `bodyCheckedByHandler`).
 * Their body schema still documents the operation.
 */
const handlerCheckedBodies = new Set<string>();
const acceptAny = () => true;

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart, method, url }) => {
  if (httpPart === 'body' && handlerCheckedBodies.has(`${method} ${url}`)) return acceptAny;
  const ajv = httpPart === 'body' ? bodyAjv : parameterAjv;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
};

/** Marks the route's body as validated by its use case (called from an onRoute hook, before schemas compile). */
export function markBodyCheckedByHandler(method: string, url: string): void {
  handlerCheckedBodies.add(`${method} ${url}`);
}

/**
 * Fastify's hook for a custom validator: it hands over the schemas registered with addSchema, so
 * a body may $ref a shared resource schema. Set as `schemaController.compilersFactory.buildValidator`
 * (a plain setValidatorCompiler is replaced in plugin scopes that add schemas of their own).
 */
export function buildValidator(externalSchemas: Record<string, unknown> | undefined): FastifySchemaCompiler<unknown> {
  for (const schema of Object.values(externalSchemas ?? {})) {
    const id = (schema as { $id?: string }).$id;
    for (const ajv of [bodyAjv, parameterAjv]) if (id && !ajv.schemas[id]) ajv.addSchema(schema as object);
  }
  return validatorCompiler;
}

/**
 * Refuses a body with text the database cannot store (U+0000, unpaired surrogates) as
 * `validation_failed`, before it can fail an insert as a 500. Routes that validate their body
 * themselves make this check in their use case.
 */
export const refuseUnstorableText: preValidationAsyncHookHandler = async (request) => {
  if (request.body === null || typeof request.body !== 'object') return;
  const errors = unstorableTextFindings(request.body);
  if (errors.length > 0) throw new AppError('validation_failed', 'The request body contains text that cannot be stored; see errors.', { errors });
};

/**
 * Refuses query parameters with text the database cannot store as `bad_request`, each named
 * (`query.<name>`, `invalid_characters`): a free-text filter such as `?reference=` would otherwise
 * reach a statement and fail it as a 500. Runs before the schema, so the finding is the character.
 */
export const refuseUnstorableQuery: preValidationAsyncHookHandler = async (request) => {
  const errors = unstorableTextFindings(request.query, 'query');
  if (errors.length > 0) throw new AppError('bad_request', 'The query parameters contain text that cannot be stored; see errors.', { errors });
};

/**
 * Answers `not_found` for a path parameter with text the database cannot store: nothing is named
 * so. Runs after the schema, so an identifier of the wrong shape is still `invalid_id`; what is
 * left are names checked by their use case (a token, a key), which must not reach a statement.
 */
export const refuseUnstorablePath: preHandlerAsyncHookHandler = async (request) => {
  if (unstorableTextFindings(request.params, 'path').length > 0) throw new AppError('not_found', 'Nothing is named so: the path contains U+0000 or an unpaired surrogate.');
};
