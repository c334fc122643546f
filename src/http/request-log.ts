/**
 * After each response: one structured log line, and for keyed API calls one request-log row,
 * buffered by RequestLogWriter (never bodies, headers or secrets). One synchronous hook, since it
 * runs on every request.
 */
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';

const templates = new Map<string, string>();

/** `/v1/request-logs/:id` → `/v1/request-logs/{id}`, the template as the OpenAPI document writes it. */
export function pathTemplate(url: string): string {
  let template = templates.get(url);
  if (template === undefined) {
    template = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    if (templates.size < 1000) templates.set(url, template);
  }
  return template;
}

export function registerRequestLog(app: FastifyInstance, runtime: AppRuntime): void {
  const logsInfo = ['info', 'debug', 'trace'].includes(runtime.config.logLevel);
  app.addHook('onResponse', (request, reply, done) => {
    // The route template, not the URL: URLs of sign and inspection links carry tokens.
    const path = pathTemplate(request.routeOptions.url ?? '(no route)');
    const duration = Math.round(reply.elapsedTime);
    const principal = request.principal;
    if (logsInfo) {
      request.log.info({ method: request.method, route: path, status: reply.statusCode, ms: duration, key: principal?.keyId }, 'request');
    }
    if (principal) {
      runtime.requestLogs.record({
        id: request.id,
        organization_id: principal.organizationId,
        mode: principal.mode,
        method: request.method,
        path,
        status: reply.statusCode,
        duration_ms: duration,
        api_key_id: principal.keyId,
        created_at: runtime.services.clock.now(),
      });
    }
    done();
  });
}
