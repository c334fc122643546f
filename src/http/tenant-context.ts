/**
 * The use-case context of a keyed request: the process's services plus the key's organisation and
 * mode; on a route that takes a console session too, the session's (see consoleTenantContext).
 */
import type { FastifyRequest } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';
import type { TenantContext } from '../core/context.js';
import { frozenClock } from '../core/clock.js';
import type { Mode } from '../core/mode.js';

export function tenantContext(runtime: AppRuntime, request: FastifyRequest): TenantContext {
  const principal = request.principal;
  // A keyed route that takes a console session too (`access.console`): the session's organisation, in the sandbox.
  if (!principal && request.consoleSession && request.routeOptions.config.access?.console) return consoleTenantContext(runtime, request);
  if (!principal) throw new Error(`route ${request.routeOptions.url ?? ''} reads a tenant but declares no API key access`);
  const userAgent = request.headers['user-agent'];
  // The actor, IP and user agent of administrative acts (the audit log).
  const source = { actor: { type: 'api_key' as const, id: principal.keyId }, ip: request.ip, ...(userAgent ? { userAgent } : {}) };
  const base = { ...runtime.services, organizationId: principal.organizationId, mode: principal.mode, requestId: request.id, source, signal: request.clientGone };
  // A sandbox request on something attached to a test clock reads that clock (src/modules/test-clocks/test-clock-access.ts).
  const testClock = request.testClock;
  return testClock ? { ...base, clock: frozenClock(testClock.frozenTime, runtime.services.clock), testClockId: testClock.id } : base;
}

/**
 * The use-case context of a console request: the session's current organisation, in the sandbox
 * (`test`) unless a page asks for live (its mode switch, shown once the organisation is cleared for
 * live); the signed-in user is the actor of what it records in the audit log. Use cases written
 * against TenantContext serve the console and the API alike.
 */
export function consoleTenantContext(runtime: AppRuntime, request: FastifyRequest, mode: Mode = 'test'): TenantContext {
  const session = request.consoleSession;
  if (!session) throw new Error(`route ${request.routeOptions.url ?? ''} reads a console tenant but is not consoleOnly`);
  const userAgent = request.headers['user-agent'];
  const source = { actor: { type: 'user' as const, id: session.userId }, ip: request.ip, ...(userAgent ? { userAgent } : {}) };
  return { ...runtime.services, organizationId: session.organizationId, mode, requestId: request.id, source, signal: request.clientGone };
}
