/**
 * The operations of the OpenAPI document the app serves, flattened for the suites generated from it
 * (the fuzz, the tenant-isolation sweep): a route added to the code is in them without a test of its own.
 */
import type { TestApp } from './test-app.js';

export type JsonSchema = Record<string, any>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  method: string;
  /** The OpenAPI path, `{id}` style. */
  path: string;
  params: Parameter[];
  /** Media type → schema of the request body, when the operation takes one. */
  body?: { required: boolean; content: Record<string, JsonSchema> };
  /** Needs an API key (security names `apiKey`); otherwise public (system routes, capability links) or console. */
  keyed: boolean;
  /** Console only (security names `cookieAuth`): a session cookie, never an API key (docs/console-auth.md). */
  console: boolean;
  /** Driver routes (security names `driverSession`): a driver session's token, never an API key (docs/driver.md). */
  driver: boolean;
  /** Every documented status. */
  statuses: number[];
  /** Status → the problem codes documented for it. */
  problems: Map<number, string[]>;
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

/** The document as the app serves it at GET /v1/openapi.json. */
export async function servedOpenApi(t: TestApp): Promise<OpenApiDocument> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
  return res.json();
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const problems = new Map<number, string[]>();
      for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
        const schema = response.content?.['application/problem+json']?.schema;
        if (schema) problems.set(Number(status), deref(doc, schema).properties?.code?.enum ?? []);
      }
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p: any) => ({ name: p.name, in: p.in, required: Boolean(p.required), schema: deref(doc, p.schema ?? {}) })),
        body: op.requestBody ? { required: Boolean(op.requestBody.required), content: Object.fromEntries(Object.entries<any>(op.requestBody.content).map(([type, c]) => [type, c.schema ?? {}])) } : undefined,
        statuses: Object.keys(op.responses ?? {}).map(Number),
        keyed: (op.security ?? []).some((s: Record<string, unknown>) => 'apiKey' in s),
        console: (op.security ?? []).some((s: Record<string, unknown>) => 'cookieAuth' in s),
        driver: (op.security ?? []).some((s: Record<string, unknown>) => 'driverSession' in s),
        problems,
      });
    }
  }
  return operations;
}

/** Follows a local `$ref` (`#/components/schemas/X`) until a schema without one. */
export function deref(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let s = schema;
  for (let hops = 0; typeof s.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${schema.$ref}`);
    const name = /^#\/components\/schemas\/(.+)$/.exec(s.$ref)?.[1];
    if (!name || !doc.components.schemas[name]) throw new Error(`cannot resolve ${s.$ref}`);
    s = doc.components.schemas[name];
  }
  return s;
}

/** The URL of an operation with its path parameters filled in (each already encoded as it should go on the wire). */
export function urlOf(op: Operation, pathValues: Record<string, string>, query = ''): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = pathValues[name];
    if (value === undefined) throw new Error(`no value for {${name}} of ${op.operationId}`);
    return value;
  });
  return query ? `${path}?${query}` : path;
}

/** The id prefix a parameter's pattern demands (`^shp_[0-7]…` → `shp`), if it names a resource. */
export function idPrefixOf(schema: JsonSchema): string | undefined {
  return typeof schema.pattern === 'string' ? /^\^([a-z]+)_\[0-7\]/.exec(schema.pattern)?.[1] : undefined;
}

export const ID_PATTERN = /\b([a-z]{2,4})_[0-7][0-9A-HJKMNP-TV-Z]{25}\b/g;

/** Every prefixed id in a text (a JSON body), in order of appearance. */
export function idsIn(text: string): string[] {
  return [...text.matchAll(ID_PATTERN)].map((m) => m[0]);
}
