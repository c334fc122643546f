/**
 * Request durations for the metrics port, by route template, method and status: a synchronous
 * hook attached to each route with its template (as the request log does), so the label set stays
 * bounded whatever URLs arrive. Requests that match no route (404s, and errors before routing)
 * share one fixed route label. Not registered at all when metrics are off.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Metrics } from '../ports/metrics.js';
import type { AppRuntime } from '../app-runtime.js';
import { NO_ROUTE, pathTemplate } from './request-log.js';
import { appendRouteHook } from './route-hooks.js';

export function registerRequestMetrics(app: FastifyInstance, runtime: AppRuntime): void {
  const metrics = runtime.metrics;
  if (!metrics.enabled) return;
  const observe = (route: string) => {
    const record = metrics.httpRoute(route);
    return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      record(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
  };
  app.addHook('onRoute', (route: RouteOptions) => appendRouteHook(route, 'onResponse', observe(pathTemplate(route.url))));
  const noRoute = metrics.httpRoute(NO_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) noRoute(request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

type RouterErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The router's error handler, with its answers counted under the no-route label: Fastify runs no
 * hooks for errors found before routing (a broken percent-escape), so they are timed here.
 */
export function measuredRouterErrors(handler: RouterErrorHandler, metrics: Metrics): RouterErrorHandler {
  if (!metrics.enabled) return handler;
  const noRoute = metrics.httpRoute(NO_ROUTE);
  return (error, request, reply) => {
    const started = performance.now();
    reply.raw.once('finish', () => noRoute(request.method, reply.statusCode, (performance.now() - started) / 1000));
    handler(error, request, reply);
  };
}
