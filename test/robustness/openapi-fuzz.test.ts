/**
 * A fuzz of every operation of the OpenAPI document the app serves (DESIGN, Errors: "every bad
 * input answers problem+json with a catalogue code"; "a bug never leaks a stack trace"). Valid and
 * hostile paths, query strings, headers and bodies go in through `app.inject` on the embedded
 * backend; every answer must be below 500 (save the documented 5xx of a missing outside service or
 * a route not built), carry a `Request-Id`, and every error must be problem+json with a catalogue
 * code and status and its request id.
 *
 * Seeded and reproducible: the seed is printed; FUZZ_SEED=<seed> replays a run, FUZZ_RUNS sets the
 * requests per operation (npm run soak raises it). A failure prints the request, shrunk.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, type ErrorCode } from '../../src/core/errors.js';
import { describeRequest, requestOf, type FuzzContext, type FuzzRequest } from '../support/fuzz-requests.js';
import { operationsOf, servedOpenApi, type Operation } from '../support/openapi-operations.js';
import { seedTenant, type SeededTenant } from '../support/tenant-seed.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** 5xx answers that are no bug: an outside service this deployment lacks, or a route declared but not built. */
const EXPECTED_5XX: ReadonlySet<ErrorCode> = new Set(['not_implemented', 'qtsp_unavailable', 'billing_not_configured', 'provider_unavailable']);

/** A seed of its own per operation, so one operation's run replays alone whatever others do. */
function seedOf(op: Operation): number {
  let h = SEED;
  for (const c of `${op.method} ${op.path}`) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/** What is wrong with an answer, or nothing. */
function faultsOf(op: Operation, res: LightMyRequestResponse): string[] {
  const faults: string[] = [];
  const requestId = res.headers['request-id'];
  if (typeof requestId !== 'string' || !/^req_[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(requestId)) faults.push(`no req_ Request-Id header (${String(requestId)})`);
  if (res.statusCode < 400) return faults;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/problem+json')) return [...faults, `an error of type ${type || '(none)'}, not problem+json`];
  let body: { code?: string; status?: number; request_id?: string; errors?: unknown; warnings?: unknown };
  try {
    body = JSON.parse(res.body);
  } catch {
    return [...faults, 'a problem that is not JSON'];
  }
  const entry = ERROR_CATALOGUE[body.code as ErrorCode] as { status: number } | undefined;
  if (!entry) faults.push(`code ${String(body.code)} is not in the catalogue`);
  else if (entry.status !== res.statusCode || body.status !== res.statusCode) faults.push(`status ${res.statusCode} (body ${body.status}) for ${body.code}, catalogued as ${entry.status}`);
  if (body.request_id !== requestId) faults.push(`request_id ${body.request_id} differs from the Request-Id header`);
  if (!Array.isArray(body.errors) || !Array.isArray(body.warnings)) faults.push('errors or warnings missing');
  if (res.statusCode >= 500 && !(EXPECTED_5XX.has(body.code as ErrorCode) && op.problems.get(res.statusCode)?.includes(body.code!))) faults.push(`a ${res.statusCode} ${body.code}`);
  return faults;
}

describe('fuzz of every operation in openapi.json (embedded backend)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let seeded: SeededTenant;
  let operations: Operation[];
  let context: FuzzContext;

  beforeAll(async () => {
    console.log(`openapi fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
    // The request budget and failed-authentication limit would otherwise answer most requests 429.
    t = await buildTestApp({ name: 'embedded' }, { env: { RATE_LIMIT_REQUESTS: '100000000' } });
    tenant = await t.newTenant();
    seeded = await seedTenant(t, tenant, 'test');
    const doc = await servedOpenApi(t);
    operations = operationsOf(doc);
    context = { doc, idsOf: (prefix) => seeded.ids.get(prefix) ?? [], tokens: seeded.tokens, testKey: tenant.testKey, liveKey: tenant.liveKey };
  }, 120_000);
  afterAll(() => t?.close());

  it('every answer is below 500 with a Request-Id; every error is problem+json with a catalogue code', { timeout: Math.max(600_000, RUNS * 61 * 200) }, async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      const seed = seedOf(op);
      try {
        await fc.assert(
          fc.asyncProperty(requestOf(op, context), async (request: FuzzRequest) => {
            sent++;
            const res = await t.app.inject({ method: request.method, url: request.url, headers: request.headers, ...(request.payload === undefined ? {} : { payload: request.payload }) });
            const faults = faultsOf(op, res);
            if (faults.length > 0) throw new Error(`${faults.join('; ')}\n--- request\n${describeRequest(request)}\n--- answer ${res.statusCode}\n${res.body.slice(0, 1000)}`);
          }),
          { seed, numRuns: RUNS, includeErrorInReport: true },
        );
      } catch (error) {
        failures.push(`${op.operationId} (${op.method} ${op.path}), FUZZ_SEED=${SEED}:\n${(error as Error).message}`);
      }
    }
    console.log(`openapi fuzz: ${sent} requests over ${operations.length} operations`);
    expect(failures.join('\n\n')).toBe('');
  });
});
