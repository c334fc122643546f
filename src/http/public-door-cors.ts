/**
 * CORS for the public doors: the validator, the contact form and the bot-check
 * challenge they need may be called from the pages of the origins CORS_ORIGINS names (`*`: any).
 * Every route whose `access.door` is set, and every route under /v1/public/, gets:
 * - on each answer — errors too (403 `botcheck_failed`, 429, 422), since the header is set before
 *   any refusal and the problem builder keeps headers — `Access-Control-Allow-Origin` echoing an
 *   allowed origin (or `*`), `Access-Control-Expose-Headers` for the limit headers and Request-Id,
 *   and `Vary: Origin`;
 * - an `OPTIONS` route answering the preflight 204 with the methods, the request headers a page
 *   sends (Content-Type, Botcheck-Token, Accept-Language) and a Max-Age.
 * Credentials are never allowed: the doors take no cookie or key, so no
 * `Access-Control-Allow-Credentials` is ever sent, and `*` is safe to answer.
 * A refused origin's preflight is answered 204 without any allow header, as the common CORS
 * middlewares do: the browser then blocks the call by itself and says why in its console, while a
 * 403 would add nothing a browser page could read (it cannot read a failed preflight's body).
 *
 * A small hook rather than @fastify/cors: that plugin works per encapsulation scope, so it would
 * either cover the whole service (its `OPTIONS *` route would turn every other path's 404 into a
 * 204) or have to be registered inside each door's module; here one onRoute hook finds the doors
 * wherever they are declared.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { prependRouteHook } from './route-hooks.js';
import type { RouteAccess } from './route-config.js';

export const PUBLIC_PREFIX = '/v1/public/';
export const CORS_ALLOW_HEADERS = 'Content-Type, Botcheck-Token, Accept-Language';
export const CORS_EXPOSE_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Request-Id';
/** How long a browser may keep a preflight's answer: 10 minutes (Chromium caps at 2 hours). */
export const CORS_MAX_AGE_S = 600;

/** The Access-Control-Allow-Origin for a request's Origin, or undefined when it is not allowed. */
export function allowedOrigin(origins: readonly string[], origin: string | undefined): string | undefined {
  if (!origin || origins.length === 0) return undefined;
  if (origins.includes('*')) return '*';
  const normalized = origin.replace(/\/+$/, '').toLowerCase();
  return origins.find((o) => o.toLowerCase() === normalized) ? origin.replace(/\/+$/, '') : undefined;
}

const isDoor = (route: RouteOptions) => Boolean((route.config as { access?: RouteAccess } | undefined)?.access?.door) || route.url.startsWith(PUBLIC_PREFIX);

export function registerPublicDoorCors(app: FastifyInstance, corsOrigins: readonly string[]): void {
  const methods = new Map<string, Set<string>>();

  const allowOrigin = (request: FastifyRequest, reply: FastifyReply): string | undefined => {
    reply.header('vary', 'Origin');
    const allowed = allowedOrigin(corsOrigins, request.headers.origin);
    if (allowed) reply.header('access-control-allow-origin', allowed);
    return allowed;
  };

  const actual = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (allowOrigin(request, reply)) reply.header('access-control-expose-headers', CORS_EXPOSE_HEADERS);
  };

  app.addHook('onRoute', function (route) {
    if (!isDoor(route)) return;
    const routeMethods = [route.method].flat().filter((m) => m !== 'OPTIONS');
    if (routeMethods.length === 0) return;
    prependRouteHook(route, 'onRequest', actual);
    const known = methods.get(route.url);
    if (known) {
      for (const m of routeMethods) known.add(m);
      return;
    }
    const set = new Set(routeMethods);
    methods.set(route.url, set);
    this.route({
      method: 'OPTIONS',
      url: route.url,
      config: { access: { public: true } },
      schema: { hide: true },
      handler: async (request, reply) => {
        const allow = [...set, 'OPTIONS'].join(', ');
        reply.header('allow', allow);
        if (allowOrigin(request, reply) && request.headers['access-control-request-method']) {
          reply
            .header('access-control-allow-methods', allow)
            .header('access-control-allow-headers', CORS_ALLOW_HEADERS)
            .header('access-control-max-age', CORS_MAX_AGE_S);
        }
        return reply.status(204).send();
      },
    });
  });
}
