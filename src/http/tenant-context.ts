/** The use-case context of a keyed request: the process's services plus the key's organisation and mode. */
import type { FastifyRequest } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';
import type { TenantContext } from '../core/context.js';

export function tenantContext(runtime: AppRuntime, request: FastifyRequest): TenantContext {
  const principal = request.principal;
  if (!principal) throw new Error(`route ${request.routeOptions.url ?? ''} reads a tenant but declares no API key access`);
  return { ...runtime.services, organizationId: principal.organizationId, mode: principal.mode, requestId: request.id };
}
