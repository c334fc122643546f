/**
 * The OpenAPI 3.1 document, generated from the route schemas by @fastify/swagger, and its
 * completion: every operation gets its security requirement (with the scope it needs) and the error
 * responses of the shared request path beside its own, so the document lists every code an
 * operation can answer. The credentials (src/http/credential.ts) say what their checks answer and
 * name their security schemes; the event catalogue's webhooks come from src/app.ts too.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { API_VERSION, SERVICE_NAME } from '../core/version.js';
import type { ErrorCode } from '../core/errors.js';
import { MAX_JSON_DEPTH } from '../core/json-depth.js';
import type { Credential } from './credential.js';
import { errorResponses } from './problem.schema.js';
import { honoursIdempotencyKey, IDEMPOTENCY_ERRORS, type RouteAccess } from './route-config.js';

export interface OpenApiOptions {
  publicBaseUrl: string;
  /** Who may call the routes, in the order of their checks. */
  credentials: readonly Credential[];
  /** The document's `webhooks`: what the service sends to webhook endpoints. */
  webhooks: unknown;
}

const DESCRIPTION = `Electronic freight documents for the EU behind one API: the eCMR consignment note as data and PDF,
signatures with evidence, inspection links, remarks, proof of delivery, the Peppol e-invoice, the eFTI dataset
and signed webhooks.

Authenticate with \`Authorization: Bearer <API_KEY>\`. \`sk_test_\` keys act in the sandbox, \`sk_live_\` keys in live
mode; data never crosses organisations or modes. Errors are \`application/problem+json\`: branch on \`code\`.
Lists are cursor-paginated (\`limit\` 1-100, default 20; \`cursor\` from \`next_cursor\`; any other cursor is 400
\`invalid_cursor\`). Every POST accepts \`Idempotency-Key\`: the first answer below 500 is kept 24 hours and a retry with the
same key and body gets it again with \`Idempotent-Replayed: true\` (another body: 409 \`idempotency_key_reused\`; the first
still running: 409 \`idempotency_in_progress\`). Keys are scoped by API key organisation and mode, and on the keyless
\`/v1/sign/{token}/…\` operations by the sign link. Every keyed response carries
\`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds); the default budget is 100 requests per
second per API key and mode, set per deployment by \`RATE_LIMIT_REQUESTS\` per \`RATE_LIMIT_WINDOW_S\`; over it the answer
is 429 \`rate_limited\` with \`Retry-After\`. Failed authentications (a missing, malformed, unknown or revoked key) are
limited per client address, 20 per minute by default (\`AUTH_FAILURE_LIMIT\` per \`AUTH_FAILURE_WINDOW_S\`): past that
they too answer 429 \`rate_limited\` with \`Retry-After\`, while valid keys are not slowed. Operations that render a PDF (those that can answer \`pdf_render_failed\`)
answer 503 \`service_unavailable\` with \`Retry-After\` when too many documents are being rendered: nothing changed, retry.
Request bodies are limited to 1 MiB unless an operation says otherwise (\`payload_too_large\`), and a JSON body may nest
objects and arrays at most ${MAX_JSON_DEPTH} levels deep (deeper is 400 \`malformed_json\`). A request whose headers or body
arrive too slowly (by default 10 s for the headers, 120 s for the whole request) is answered 408 \`request_timeout\` and its
connection closed.`;

function hasBody(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((m) => ['POST', 'PUT', 'PATCH'].includes(m));
}

type Responses = Record<string, { description: string; headers?: Record<string, unknown> }>;

/** A route that renders a PDF also answers 503 when the render queue is full, with Retry-After. */
function documentRenderQueue(responses: Responses): void {
  const unavailable = responses[503];
  if (!unavailable) return;
  unavailable.description += ' (also when too many documents are being rendered: nothing changed; retry after `Retry-After` seconds)';
  unavailable.headers = { 'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait before retrying, when given.' } };
}

/** Adds security and the shared error responses to a route's schema, as routes are declared. */
function completeRoute(route: RouteOptions, credentials: readonly Credential[]): void {
  const config = (route.config ?? {}) as { access?: RouteAccess; errors?: ErrorCode[] };
  const schema = (route.schema ??= {}) as Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean };
  if (schema.hide) return;
  const access = config.access;
  const shared: ErrorCode[] = [
    ...(access ? credentials.flatMap((credential) => credential.errors?.(access) ?? []) : []),
    ...(hasBody(route) ? (['malformed_json', 'unsupported_media_type', 'payload_too_large', 'validation_failed'] as const) : []),
    ...(honoursIdempotencyKey(route) ? IDEMPOTENCY_ERRORS : []),
    'internal_error',
    'service_unavailable',
  ];
  const errors = errorResponses([...shared, ...(config.errors ?? [])]);
  if (config.errors?.includes('pdf_render_failed')) documentRenderQueue(errors as Responses);
  schema.response = { ...errors, ...schema.response };
  schema.security = (access && credentials.map((credential) => credential.security?.(access)).find((security) => security !== undefined)) ?? [];
}

export async function registerOpenApi(app: FastifyInstance, { publicBaseUrl, credentials, webhooks }: OpenApiOptions): Promise<void> {
  app.addHook('onRoute', (route) => completeRoute(route, credentials));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: SERVICE_NAME, version: API_VERSION, description: DESCRIPTION, license: { name: 'Apache-2.0', identifier: 'Apache-2.0' } },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: Object.assign({}, ...credentials.map((credential) => credential.securitySchemes ?? {})),
      },
      tags: [
        { name: 'system', description: 'Health, version, the OpenAPI document and the key in use.' },
        { name: 'shipments', description: 'Create, read, list, update, issue and cancel shipments; per-shipment events and integrity.' },
        { name: 'shipment-templates', description: 'The fields of recurring lanes kept under a name, from which `POST /v1/shipments` fills a shipment with `template_id` (docs/shipment-templates.md).' },
        { name: 'events', description: 'The organisation-wide event feed (90 days) and the event catalogue (see `webhooks`).' },
        { name: 'disposal', description: 'The right of disposal (CMR art. 12–13): instructions of the sender or consignee, the carrier\'s acceptance or refusal, and the arrival of the goods (docs/right-of-disposal.md).' },
        { name: 'usage', description: 'Metered usage per UTC day.' },
        { name: 'tours', description: "A driver's run over several shipments: stops in driving order, the run's status, and the driver and vehicle it gives its shipments (docs/tours.md)." },
        { name: 'driver', description: "The driver's sign-in by one-time password, the run on the phone and the driver's actions (driver session, never API keys); the organisation's view of driver sessions (docs/driver.md)." },
        { name: 'exports', description: "GDPR exports: a zip of the organisation's data in one mode, with a manifest and an offline verifier (docs/export.md)." },
        { name: 'providers', description: 'The catalogue of eCMR providers with their capabilities, the routing rules that hand a shipment to one at issue, and the hand-over (docs/providers.md).' },
        { name: 'providers-webhook', description: 'Inbound webhooks of eCMR providers, verified per provider and mapped onto shipment events; events that cannot be applied are kept for review (docs/providers.md).' },
        { name: 'webhooks', description: 'Webhook endpoints with their signing secrets; deliveries and their log.' },
        { name: 'request-logs', description: 'One summary row per API call, kept 30 days.' },
        { name: 'auth', description: 'Console sign-in by e-mailed link, console sessions, and the console-only routes (session cookie, never API keys).' },
        { name: 'privacy', description: 'Erasure of the personal data of one data subject across the organisation, with a dry run first; the retention of sealed documents (docs/privacy.md).' },
        { name: 'test-clocks', description: 'Sandbox only: test clocks that attached shipments, signature requests and webhook endpoints follow instead of real time.' },
      ],
      webhooks: webhooks as never,
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
}

/** The document with keys sorted at every level, as committed in openapi.json. */
export function sortedDocument(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDocument);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedDocument((value as Record<string, unknown>)[k])]));
  }
  return value;
}
