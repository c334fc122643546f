/** One request-log row per keyed API call, buffered by RequestLogWriter (never bodies or secrets). */
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';

/** `/v1/request-logs/:id` → `/v1/request-logs/{id}`, the template as the OpenAPI document writes it. */
export function pathTemplate(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function registerRequestLog(app: FastifyInstance, runtime: AppRuntime): void {
  app.addHook('onResponse', async (request, reply) => {
    const principal = request.principal;
    if (!principal) return;
    runtime.requestLogs.record({
      id: request.id,
      organization_id: principal.organizationId,
      mode: principal.mode,
      method: request.method,
      path: pathTemplate(request.routeOptions.url ?? request.url.split('?')[0] ?? ''),
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime),
      api_key_id: principal.keyId,
      created_at: runtime.services.clock.now(),
    });
  });
}
