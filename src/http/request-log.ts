/**
 * After each response: one structured log line, and for keyed API calls one request-log row,
 * buffered by RequestLogWriter (never headers or secrets; a failed call's redacted bodies are kept
 * beside it by the request-logs module). A synchronous hook attached to
 * each route with its path template, since it runs on every request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { appendRouteHook } from './route-hooks.js';
import type { AppRuntime } from '../app-runtime.js';

const templates = new Map<string, string>();

/** The route of requests that matched no route, in log lines and metric labels. */
export const NO_ROUTE = '(no route)';

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
  const record = (path: string) => (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const duration = Math.round(reply.elapsedTime);
    const principal = request.principal;
    if (logsInfo) request.log.info({ method: request.method, route: path, status: reply.statusCode, ms: duration, key: principal?.keyId }, 'request');
    if (principal) {
      // The path as called beside the template: ids, never a link's token (those routes take no key anyway).
      const urlPath = path.includes('{token}') ? path : request.url.split('?')[0]!;
      runtime.requestLogs.record(principal, [request.id, request.method, path, reply.statusCode, duration, principal.keyId, runtime.services.clock.now().getTime(), urlPath]);
    }
    done();
  };
  // The route template, not the URL: URLs of sign and inspection links carry tokens.
  app.addHook('onRoute', (route: RouteOptions) => appendRouteHook(route, 'onResponse', record(pathTemplate(route.url))));
  // Requests that match no route are logged (they have no key, so no request-log row).
  app.addHook('onResponse', (request, reply, done) => {
    if (logsInfo && request.is404) request.log.info({ method: request.method, route: NO_ROUTE, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    done();
  });
}
