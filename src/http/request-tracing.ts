/**
 * The HTTP side of tracing (OTEL_EXPORTER_OTLP_ENDPOINT set): the request id on the request's
 * server span, set as Fastify assigns the id, and the span named after the route template
 * (`GET /v1/shipments/{id}`, with `http.route`) instead of the bare method, never the URL (sign and
 * inspection URLs carry tokens). Nothing is registered when tracing is off.
 */
import { trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { REQUEST_ID_ATTRIBUTE } from '../core/trace-attributes.js';
import { pathTemplate } from './request-log.js';
import { appendRouteHook } from './route-hooks.js';

/**
 * Sets `id` on the active span and returns it: called from Fastify's genReqId, which runs inside
 * the server span the HTTP instrumentation opened, before any hook or handler.
 */
export function tagRequestSpan(id: string): string {
  trace.getActiveSpan()?.setAttribute(REQUEST_ID_ATTRIBUTE, id);
  return id;
}

export function registerRequestTracing(app: FastifyInstance): void {
  const name = (route: string) => (request: FastifyRequest, _reply: unknown, done: () => void) => {
    const span = trace.getActiveSpan();
    span?.setAttribute('http.route', route);
    span?.updateName(`${request.method} ${route}`);
    done();
  };
  app.addHook('onRoute', (route: RouteOptions) => appendRouteHook(route, 'onRequest', name(pathTemplate(route.url))));
}
