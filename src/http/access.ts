/**
 * The start of every request: its Request-Id header and the draining check; then each route's
 * credential checks, attached to the route as it is declared. The credentials (API key, console
 * session, sign link, public door, driver session) live with their modules (src/http/credential.ts);
 * src/app.ts hands them here in the order their hooks run on a route.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';
import { AppError } from '../core/errors.js';
import type { Credential } from './credential.js';
import type { RouteAccess } from './route-config.js';
import { appendRouteHook } from './route-hooks.js';

export function registerAccessControl(app: FastifyInstance, runtime: AppRuntime, credentials: readonly Credential[]): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('request-id', request.id);
    if (runtime.isDraining() && !request.routeOptions.config.servedWhileDraining) return done(new AppError('service_unavailable', 'The service is restarting; retry shortly.', { headers: { 'retry-after': '1' } }));
    done();
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) return;
    for (const credential of credentials) {
      const hook = credential.accessHook?.(access);
      if (hook) appendRouteHook(route, 'onRequest', hook);
    }
  });
}
