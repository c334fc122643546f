/**
 * Which time a sandbox request reads (docs/sandbox-test-clocks.md). A test-mode request that acts
 * on a shipment, signature request or webhook endpoint attached to a test clock, or that attaches
 * what it makes to one (`?test_clock=`), gets a context whose clock stands at the test clock's
 * frozen_time; the use cases need not know, since every expiry and schedule reads `ctx.clock`.
 *
 * The clock is found once per request, from the route's path, after the key is checked. A live
 * key never causes a test clock to be read: its requests leave here before any query.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import type { Principal } from '../api-keys/authenticate-api-key.js';
import type { Database } from '../../ports/database.js';
import { AppError } from '../../core/errors.js';
import { LruCache } from '../../core/lru-cache.js';
import { testClockToAttach } from './attach-test-clock.js';
import { selectAttachedClockTime } from './test-clocks.repository.js';
import { appendRouteHook } from '../../http/route-hooks.js';

/** A test clock a request follows: its id (what a creation attaches) and its time then. */
export interface RequestTestClock {
  id: string;
  frozenTime: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    testClock?: RequestTestClock;
  }
}

export type AttachableTable = 'shipments' | 'signature_requests' | 'webhook_endpoints';

/** The routes whose `:id` names something that can follow a clock. */
const RESOURCE_PATHS: [prefix: string, table: AttachableTable][] = [
  ['/v1/shipments/:id', 'shipments'],
  // The simulation acts on the shipment at its clock's time, as the real calls would.
  ['/v1/test/shipments/:id', 'shipments'],
  ['/v1/signature-requests/:id', 'signature_requests'],
  ['/v1/webhook-endpoints/:id', 'webhook_endpoints'],
];

function resourceOf(url: string): AttachableTable | undefined {
  for (const [prefix, table] of RESOURCE_PATHS) if (url === prefix || url.startsWith(`${prefix}/`)) return table;
  return undefined;
}

function takesTestClockParameter(route: RouteOptions): boolean {
  const query = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
  return query?.properties?.test_clock !== undefined;
}

export function registerTestClockContext(app: FastifyInstance, runtime: AppRuntime): void {
  // The sandbox resources known to follow no clock: a clock is attached only when the resource is
  // made and a deleted clock never returns, so the answer holds for good, and a sandbox request on
  // such a resource (most of them: every issue, signature and read of a test integration) costs
  // no query for its clock.
  const withoutClock = new LruCache<true>(20_000);
  app.addHook('onRoute', (route: RouteOptions) => {
    const table = resourceOf(route.url);
    const attaches = takesTestClockParameter(route);
    if (table || attaches) appendRouteHook(route, 'preHandler', testClockOf(runtime, table, attaches, withoutClock));
  });
}

function testClockOf(runtime: AppRuntime, table: AttachableTable | undefined, attaches: boolean, withoutClock: LruCache<true>) {
  const db = runtime.services.db;
  return async (request: FastifyRequest): Promise<void> => {
    const query = attaches ? (request.query as { test_clock?: string }) : {};
    const clock = await requestTestClock(db, request.principal, table, request.params as { id?: string }, query.test_clock, withoutClock);
    if (clock) request.testClock = clock;
  };
}

/**
 * The test clock a keyed request follows: the one `test_clock` names (a creation), else the one
 * the path's resource is attached to. A live key queries nothing; with `test_clock` it is refused.
 */
export async function requestTestClock(
  db: Database,
  principal: Pick<Principal, 'mode' | 'organizationId'> | undefined,
  table: AttachableTable | undefined,
  params: { id?: string },
  named: string | undefined,
  /** Resources known to follow no clock (the app keeps one per process); none remembered when not given. */
  withoutClock?: LruCache<true>,
): Promise<RequestTestClock | undefined> {
  if (!principal || principal.mode !== 'test') {
    if (named !== undefined) throw new AppError('test_mode_only', 'Test clocks exist only in the sandbox; `test_clock` needs a sk_test_ key.');
    return undefined;
  }
  if (named !== undefined) return testClockToAttach(db, principal.organizationId, named);
  if (!table || params.id === undefined) return undefined;
  const key = `${table}:${principal.organizationId}:${params.id}`;
  if (withoutClock?.get(key)) return undefined;
  const clock = await selectAttachedClockTime(db, table, principal.organizationId, params.id);
  if (clock === null) withoutClock?.set(key, true);
  return clock ?? undefined;
}
