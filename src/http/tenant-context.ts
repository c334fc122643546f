/** The use-case context of a keyed request: the process's services plus the key's organisation and mode. */
import type { FastifyRequest } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';
import type { TenantContext } from '../core/context.js';
import { frozenClock } from '../core/clock.js';

export function tenantContext(runtime: AppRuntime, request: FastifyRequest): TenantContext {
  const principal = request.principal;
  if (!principal) throw new Error(`route ${request.routeOptions.url ?? ''} reads a tenant but declares no API key access`);
  const userAgent = request.headers['user-agent'];
  // The actor, IP and user agent of administrative acts (the audit log).
  const source = { actor: { type: 'api_key' as const, id: principal.keyId }, ip: request.ip, ...(userAgent ? { userAgent } : {}) };
  const base = { ...runtime.services, organizationId: principal.organizationId, mode: principal.mode, requestId: request.id, source };
  // A sandbox request on something attached to a test clock reads that clock (src/http/test-clock-context.ts).
  const testClock = request.testClock;
  return testClock ? { ...base, clock: frozenClock(testClock.frozenTime, runtime.services.clock), testClockId: testClock.id } : base;
}

/**
 * The use-case context of a console request: the session's current organisation, in the sandbox
 * (`test`). The console acts in test mode until a later issue lets the session choose live; use
 * cases written against TenantContext serve the console and the API alike.
 */
export function consoleTenantContext(runtime: AppRuntime, request: FastifyRequest): TenantContext {
  const session = request.consoleSession;
  if (!session) throw new Error(`route ${request.routeOptions.url ?? ''} reads a console tenant but is not consoleOnly`);
  return { ...runtime.services, organizationId: session.organizationId, mode: 'test', requestId: request.id };
}
