/**
 * Typed client of the freight document service: openapi-fetch over the types that
 * `npm run openapi` generates from the service's OpenAPI document (./schema.ts). Paths, parameters,
 * bodies, results and the problem of every status are checked by the compiler.
 *
 * A call answers `{ data, error, response }`, as openapi-fetch does; `unwrap` turns that into the
 * data, or throws a `ProblemError` holding the service's problem+json (branch on its `code`).
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths, webhooks } from './schema.js';

/** Every named schema of the API: `Schemas['Shipment']`, `Schemas['ShipmentInput']`, … */
export type Schemas = components['schemas'];
/** The body of every error (RFC 9457 problem details with the service's `code`, `errors` and `warnings`). */
export type Problem = Schemas['Problem'];

/**
 * The media types the typed results cover: JSON bodies and problems. A PDF (`Accept:
 * application/pdf` on the proof of delivery) or the UBL XML of an invoice is read with
 * `parseAs: 'arrayBuffer'` or `'text'`.
 */
type Media = 'application/json' | 'application/problem+json';

export type FreightDocsClient = Client<paths, Media>;

export interface ClientOptions {
  /** Where the service answers, without `/v1` (the paths carry it): `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** `sk_test_…` (sandbox) or `sk_live_…` (live). Left out for the public routes (health, version, signed downloads). */
  apiKey?: string;
  /** `nl` has problem titles and finding messages in Dutch. */
  language?: 'en' | 'nl';
  /** Headers sent with every call. Per call, pass `headers` (for example `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Another fetch (a proxy agent, a test double); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
}

/** A client for one API key: `client.POST('/v1/shipments', { body })`, `client.GET('/v1/shipments/{id}', { params: { path: { id } } })`. */
export function createClient(options: ClientOptions): FreightDocsClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== undefined) headers.Authorization = `Bearer ${options.apiKey}`;
  if (options.language !== undefined) headers['Accept-Language'] = options.language;
  return createFetchClient<paths, Media>({ baseUrl: options.baseUrl, headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
}

/** The service answered with a problem: `code` is stable, `problem` is the whole body. */
export class ProblemError<P extends Problem = Problem> extends Error {
  readonly problem: P;
  readonly response: Response;
  readonly status: number;
  readonly code: P['code'];
  /** The `req_` id to quote to support. */
  readonly requestId: string | undefined;
  /** Seconds to wait before retrying, on 429 and 503 answers that say. */
  readonly retryAfter: number | undefined;
  constructor(problem: P, response: Response) {
    super(`${problem.status} ${problem.code}: ${problem.detail ?? problem.title}`);
    this.name = 'ProblemError';
    this.problem = problem;
    this.response = response;
    this.status = problem.status;
    this.code = problem.code;
    this.requestId = problem.request_id;
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    this.retryAfter = Number.isFinite(retryAfter) ? retryAfter : undefined;
  }
}

/** True for a `ProblemError`, of that code when one is given: `if (isProblem(err, 'validation_failed')) err.problem.errors`. */
export function isProblem<C extends string>(error: unknown, code?: C): error is ProblemError & { code: C } {
  return error instanceof ProblemError && (code === undefined || error.code === code);
}

function isProblemBody(body: unknown): body is Problem {
  return typeof body === 'object' && body !== null && typeof (body as Problem).code === 'string' && typeof (body as Problem).status === 'number';
}

/** What a call of the client answers: the data or the error, and the response. */
type Result = { data?: unknown; error?: unknown; response: Response };
/** The data of a result's successful branch (the error branch has no `data`). */
type DataOf<R> = R extends { data: infer D; error?: never } ? D : never;

/**
 * The data of a call that succeeded; otherwise throws a `ProblemError`, or a plain `Error` when
 * the answer is not a problem (a proxy's error page, for example).
 */
export async function unwrap<R extends Result>(call: Promise<R> | R): Promise<DataOf<R>> {
  const { data, error, response } = await call;
  if (response.ok) return data as DataOf<R>;
  if (isProblemBody(error)) throw new ProblemError(error, response);
  const body = typeof error === 'string' ? error : (JSON.stringify(error) ?? '');
  throw new Error(`${response.status} ${response.statusText}: ${body.slice(0, 500)}`);
}
