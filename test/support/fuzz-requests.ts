/**
 * Requests to one OpenAPI operation, valid and hostile, as fast-check arbitraries: path
 * parameters from seeded ids, fresh ids, ids of another kind and odd text; declared and unknown
 * query parameters with fitting or hostile values and broken escapes; keys of either mode, none or
 * garbage; Idempotency-Key, Accept, Accept-Language; bodies valid by the schema, with one part
 * broken, of the wrong shape, not JSON at all, in another media type, or too big.
 */
import fc from 'fast-check';
import { idPrefixOf, urlOf, type OpenApiDocument, type Operation, type Parameter } from './openapi-operations.js';
import { jpeg, multipart, pdf, png } from './sample-files.js';
import { freshId, hostileValue, mutatedValueOf, valueOf, type ValueContext } from './schema-arbitraries.js';

export interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface FuzzContext {
  doc: OpenApiDocument;
  /** Known ids of a prefix (the seeded tenant's). */
  idsOf: (prefix: string) => readonly string[];
  /** Sign-link tokens that work. */
  tokens: readonly string[];
  testKey: string;
  liveKey: string;
}

const PREFIXES = ['shp', 'doc', 'evt', 'req', 'sgr', 'we', 'wd', 'key', 'sig', 'rmk', 'inv'];

/** Path segments the router and the id checks must survive; those starting with `raw:` go on the wire unencoded. */
const HOSTILE_SEGMENTS = [
  '', ' ', '.', '..', 'null', 'undefined', '0', '-1', 'raw:%', 'raw:%zz', 'raw:%E0%A4%A', 'raw:%00', 'raw:%2F', 'raw:%2e%2e', 'raw:..%2F..%2Fetc',
  'shp_', 'SHP_01ARZ3NDEKTSV4RRFFQ69G5FAV', 'shp_01ARZ3NDEKTSV4RRFFQ69G5FA', 'shp_81ARZ3NDEKTSV4RRFFQ69G5FAV', 'shp_01arz3ndektsv4rrffq69g5fav',
  'x'.repeat(3000), '😀', '\u0000', "'; drop table shipments; --", '<script>', '{id}',
];

function encodedSegment(text: string): string {
  return text.startsWith('raw:') ? text.slice(4) : encodeURIComponent(text);
}

function pathValue(param: Parameter, context: FuzzContext): fc.Arbitrary<string> {
  const prefix = idPrefixOf(param.schema);
  const hostile = fc.oneof(fc.constantFrom(...HOSTILE_SEGMENTS), fc.string({ maxLength: 40, unit: 'grapheme' })).map(encodedSegment);
  const other = fc.constantFrom(...PREFIXES).chain(freshId);
  if (prefix) {
    const known = context.idsOf(prefix);
    return fc.oneof(
      { weight: 6, arbitrary: known.length > 0 ? fc.constantFrom(...known) : freshId(prefix) },
      { weight: 2, arbitrary: freshId(prefix) },
      { weight: 1, arbitrary: other },
      { weight: 2, arbitrary: hostile },
    );
  }
  const tokenLike = fc.stringMatching(/^[A-Za-z0-9_-]{10,60}$/);
  return fc.oneof(
    { weight: 5, arbitrary: context.tokens.length > 0 ? fc.constantFrom(...context.tokens) : tokenLike },
    { weight: 2, arbitrary: tokenLike },
    { weight: 2, arbitrary: hostile },
  );
}

function queryValue(param: Parameter, context: ValueContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: valueOf(param.schema, context).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) },
    { weight: 1, arbitrary: hostileValue().map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')) },
    { weight: 1, arbitrary: fc.constantFrom('', '0', '-1', '101', '1.5', 'true', 'asc', 'desc', '*', 'x'.repeat(2000), '2026-13-45T00:00:00Z') },
  );
}

function query(op: Operation, context: ValueContext): fc.Arbitrary<string> {
  const declared = op.params.filter((p) => p.in === 'query');
  const entry = declared.length > 0
    ? fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...declared).chain((p) => queryValue(p, context).map((v) => [p.name, v] as const)) },
        { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })) },
      )
    : fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }));
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(entry, { maxLength: 4 }).map((entries) => new URLSearchParams(entries.map(([k, v]) => [k, v])).toString()) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', 'limit=%E0%A4%A', '&&&', '=', 'limit=1&limit=2', 'cursor=' + 'A'.repeat(1001), 'limit[]=1', 'limit[gt]=1', '__proto__[x]=1') },
  );
}

const headerText = fc.stringMatching(/^[\x20-\x7e]{0,80}$/);

function authorization(context: FuzzContext): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(`Bearer ${context.testKey}`) },
    { weight: 3, arbitrary: fc.constant(`Bearer ${context.liveKey}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `bearer ${context.testKey}`, `Bearer ${context.testKey} extra`, `Bearer ${context.testKey.slice(0, -1)}x`, 'Bearer sk_test_', `Bearer sk_live_${'0'.repeat(40)}`),
        headerText.map((s) => `Bearer ${s}`),
      ),
    },
  );
}

function extraHeaders(): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      'idempotency-key': fc.oneof(fc.uuid(), headerText, fc.constant('k'.repeat(300))),
      accept: fc.constantFrom('application/json', 'application/pdf', 'application/xml', 'application/problem+json', '*/*', 'text/html', 'image/png', 'garbage/;;;', ''),
      'accept-language': fc.constantFrom('nl', 'de', 'en-US,nl;q=0.5', '*', 'xx', 'nl-NL;q=abc', 'x'.repeat(500)),
      'if-none-match': fc.oneof(headerText, fc.constant('*')),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1'),
    },
    { requiredKeys: [] },
  );
}

interface Body {
  contentType?: string;
  payload?: string | Buffer;
}

const RAW_TEXTS = ['', ' ', '{', '{"a":', '}', 'null', '[]', '"text"', '0', '1e999999', '\uFEFF{}', '{"a":1,"a":2}', '{"__proto__":{"polluted":true}}', '['.repeat(5000), '{"a":"\\ud800"}', 'undefined', "{'single':1}"];
const ODD_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=utf-16', 'application/json;;', 'application/xml', 'garbage', 'application/merge-patch+json', 'application/octet-stream'];

function multipartBody(): fc.Arbitrary<Body> {
  const file = fc.oneof(fc.constant(jpeg()), fc.constant(png()), fc.constant(pdf()), fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)));
  const form = fc
    .tuple(fc.constantFrom('photo', 'attachment', 'other', ''), file, fc.constantFrom('a.jpg', '', '../../x', 'ü.pdf'), fc.constantFrom('image/jpeg', 'application/pdf', 'text/plain'), fc.boolean())
    .map(([kind, bytes, filename, type, withKind]) => {
      const m = multipart([...(withKind ? [{ name: 'kind', value: kind }] : []), { name: 'file', filename, contentType: type, bytes }]);
      return { contentType: m.contentType, payload: m.body };
    });
  const broken = fc.constantFrom<Body>(
    { contentType: 'multipart/form-data', payload: '--x\r\n' },
    { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc' },
    { contentType: 'multipart/form-data; boundary=', payload: '' },
    { contentType: 'multipart/form-data; boundary=x', payload: '--x--\r\n' },
  );
  return fc.oneof({ weight: 3, arbitrary: form }, { weight: 1, arbitrary: broken });
}

function body(op: Operation, context: ValueContext): fc.Arbitrary<Body> {
  const types = Object.keys(op.body?.content ?? {});
  const jsonType = types.find((t) => t.includes('json'));
  const schema = jsonType ? op.body!.content[jsonType]! : undefined;
  const declaredType = types.length > 0 ? fc.constantFrom(...types) : fc.constant('application/json');
  const json = (value: fc.Arbitrary<unknown>) => fc.tuple(declaredType, value).map(([contentType, v]) => ({ contentType, payload: JSON.stringify(v) ?? '' }));
  const options: { weight: number; arbitrary: fc.Arbitrary<Body> }[] = [
    { weight: op.body ? 2 : 16, arbitrary: fc.constant({}) },
    { weight: 2, arbitrary: json(hostileValue()) },
    { weight: 2, arbitrary: fc.tuple(fc.oneof(declaredType, fc.constantFrom(...ODD_TYPES)), fc.constantFrom(...RAW_TEXTS)).map(([contentType, payload]) => ({ contentType, payload })) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_TYPES).map((contentType) => ({ contentType, payload: '{}' })) },
    // Past the 1 MiB limit.
    { weight: 1, arbitrary: declaredType.map((contentType) => ({ contentType, payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }) })) },
  ];
  if (schema) options.push({ weight: 8, arbitrary: json(valueOf(schema, context)) }, { weight: 6, arbitrary: json(mutatedValueOf(schema, context)) });
  if (types.includes('multipart/form-data')) options.push({ weight: 10, arbitrary: multipartBody() });
  return fc.oneof(...options);
}

/** Requests to `op`: mostly its own method, now and then another. */
export function requestOf(op: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const values: ValueContext = { doc: context.doc, idsOf: context.idsOf };
  const pathParams = op.params.filter((p) => p.in === 'path');
  const path = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p, context)]))).map((v) => urlOf(op, v as Record<string, string>));
  const method = fc.oneof({ weight: 19, arbitrary: fc.constant(op.method as FuzzRequest['method']) }, { weight: 1, arbitrary: fc.constantFrom<FuzzRequest['method']>('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') });
  return fc.tuple(method, path, query(op, values), authorization(context), extraHeaders(), body(op, values)).map(([m, p, q, auth, extra, b]) => ({
    method: m,
    url: q ? `${p}?${q}` : p,
    headers: { ...extra, ...(auth === undefined ? {} : { authorization: auth }), ...(b.contentType === undefined ? {} : { 'content-type': b.contentType }) },
    ...(b.payload === undefined ? {} : { payload: b.payload }),
  }));
}

/** The request as text a developer can replay, bodies cut at 2,000 characters. */
export function describeRequest(r: FuzzRequest): string {
  const payload = r.payload === undefined ? '' : Buffer.isBuffer(r.payload) ? `<${r.payload.length} bytes> ${r.payload.toString('latin1').slice(0, 500)}` : r.payload.length > 2000 ? `${r.payload.slice(0, 2000)}… (${r.payload.length} characters)` : r.payload;
  const headers = Object.entries(r.headers).map(([k, v]) => `${k}: ${v.length > 200 ? `${v.slice(0, 200)}…` : v}`);
  return [`${r.method} ${r.url.length > 500 ? `${r.url.slice(0, 500)}…` : r.url}`, ...headers, '', payload].join('\n');
}
