/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document: values a schema accepts
 * (`valueOf`), a fixed valid example (`exampleOf`), values no schema expects (`hostileValue`) and
 * a valid value with one part broken (`mutatedValueOf`). Strings with an id pattern are drawn from
 * ids the caller knows (seeded resources) or fresh ids of the same shape.
 */
import fc from 'fast-check';
import { deref, idPrefixOf, type JsonSchema, type OpenApiDocument } from './openapi-operations.js';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export interface ValueContext {
  doc: OpenApiDocument;
  /** Known ids of a prefix, drawn as often as fresh ones. */
  idsOf?: (prefix: string) => readonly string[];
  /** Leave out optional members (for a smallest valid example). */
  requiredOnly?: boolean;
}

/** A well-shaped id of `prefix` that names nothing. */
export function freshId(prefix: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...'01234567'), fc.array(fc.constantFrom(...CROCKFORD), { minLength: 25, maxLength: 25 }))
    .map(([first, rest]) => `${prefix}_${first}${rest.join('')}`);
}

/** The same, without fast-check: for one-off ids. */
export function randomId(prefix: string): string {
  const pick = (alphabet: string) => alphabet[Math.floor(Math.random() * alphabet.length)]!;
  return `${prefix}_${pick('01234567')}${Array.from({ length: 25 }, () => pick(CROCKFORD)).join('')}`;
}

function stringOf(schema: JsonSchema, context: ValueContext): fc.Arbitrary<string> {
  const prefix = idPrefixOf(schema);
  if (prefix) {
    const known = context.idsOf?.(prefix) ?? [];
    return known.length > 0 ? fc.oneof(fc.constantFrom(...known), freshId(prefix)) : freshId(prefix);
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  if (schema.format === 'date-time') return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date') return fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (typeof schema.pattern === 'string') {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/** Values the schema accepts (as far as JSON Schema goes: business rules may still refuse them). */
export function valueOf(schema: JsonSchema, context: ValueContext, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(context.doc, schema);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives)) {
    const usable = context.requiredOnly ? alternatives.filter((a: JsonSchema) => deref(context.doc, a).type !== 'null') : alternatives;
    return fc.oneof(...(usable.length > 0 ? usable : alternatives).map((a: JsonSchema) => valueOf(a, context, depth + 1)));
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return valueOf(s.allOf[0], context, depth + 1);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type: string) => valueOf({ ...s, type }, context, depth)));
  switch (s.type) {
    case 'object': {
      const properties: Record<string, JsonSchema> = s.properties ?? {};
      const required: string[] = s.required ?? [];
      // Deep optional members make huge values that say nothing new; past a few levels only the required ones.
      const names = Object.keys(properties).filter((name) => required.includes(name) || (!context.requiredOnly && depth < 4));
      const model = Object.fromEntries(names.map((name) => [name, valueOf(properties[name]!, context, depth + 1)]));
      return fc.record(model, { requiredKeys: names.filter((name) => required.includes(name)) });
    }
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 3, context.requiredOnly ? minLength : 3));
      const items = valueOf(s.items ?? {}, context, depth + 1);
      return s.uniqueItems ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) }) : fc.array(items, { minLength, maxLength });
    }
    case 'string':
      return stringOf(s, context);
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One valid value, the same on every call with the same seed: the smallest body a schema takes. */
export function exampleOf(schema: JsonSchema, context: ValueContext, seed = 1): unknown {
  return fc.sample(valueOf(schema, { ...context, requiredOnly: true }), { seed, numRuns: 1 })[0];
}

const nested = (depth: number, leaf: unknown = 1): unknown => (depth === 0 ? leaf : [nested(depth - 1, leaf)]);

/** Values nothing expects: wrong types, edges of numbers and strings, prototype keys, deep nesting, odd text. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(
      null, true, false, 0, -1, -0, 1.5, 1e308, -1e308, 2 ** 53 + 1, '', ' ', '\u0000', '\uD800', '\u202E', 'null', 'undefined', 'NaN', '-1', '1e9999',
      '../../../etc/passwd', '<script>alert(1)</script>', "' OR '1'='1", '%00', '${jndi:ldap://x}', '{{7*7}}', 'x'.repeat(10_000), [], {}, [[]],
      JSON.parse('{"__proto__":{"polluted":true}}'), { constructor: { prototype: { polluted: true } } },
      nested(63), nested(64), nested(65), '2026-02-30T25:61:00Z', '0000-00-00', '9999-12-31T23:59:59.999999999Z',
    ),
    fc.string({ unit: 'binary', maxLength: 50 }),
    fc.jsonValue({ maxDepth: 3 }),
    fc.integer(),
    fc.double(),
    fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 5 }),
    fc.constantFrom('shp', 'doc', 'evt', 'req', 'sgr', 'we', 'wd', 'key', 'zzz').chain(freshId),
  );
}

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length > 0) out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

function withChange(value: unknown, path: Path, change: { kind: 'replace'; by: unknown } | { kind: 'remove' } | { kind: 'add'; name: string; by: unknown }): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (change.kind === 'replace') node[last] = change.by;
  else if (change.kind === 'remove') {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    const target = node[last];
    if (target && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, unknown>)[change.name] = change.by;
    else node[last] = change.by;
  }
  return copy;
}

/** A valid value with one member replaced by a hostile value, removed, or given an unknown sibling. */
export function mutatedValueOf(schema: JsonSchema, context: ValueContext): fc.Arbitrary<unknown> {
  return fc
    .tuple(valueOf(schema, context), fc.nat(), fc.constantFrom('replace', 'remove', 'add'), hostileValue(), fc.constantFrom('unknown_field', '__proto__', 'constructor', ''))
    .map(([value, index, kind, by, name]) => {
      const paths = pathsOf(value);
      if (paths.length === 0) return by;
      const path = paths[index % paths.length]!;
      return kind === 'replace' ? withChange(value, path, { kind, by }) : kind === 'remove' ? withChange(value, path, { kind }) : withChange(value, path, { kind, name, by });
    });
}
