/**
 * The start of every request: its Request-Id header and the draining check; then, on keyed
 * routes, API key authentication, the per-key rate limit with its headers, and the route's access
 * rule (service description, Authentication; order of refusals in authorize.ts). The keyed part is
 * attached to each keyed route as it is declared, with that route's rule.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';
import { AppError } from '../core/errors.js';
import { authorize } from '../modules/api-keys/authorize.js';
import type { RateLimitDecision } from '../ports/keyvalue.js';
import type { RouteAccess } from './route-config.js';
import { appendRouteHook } from './route-hooks.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

function setRateLimitHeaders(reply: FastifyReply, decision: RateLimitDecision): void {
  reply.header('ratelimit-limit', decision.limit);
  reply.header('ratelimit-remaining', decision.remaining);
  reply.header('ratelimit-reset', Math.max(0, Math.ceil(decision.resetMs / 1000)));
}

function keyedAccess(runtime: AppRuntime, access: RouteAccess) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    if (!header) throw new AppError('unauthorized', 'Send your API key as Authorization: Bearer <API_KEY>.');
    const match = BEARER.exec(header);
    if (!match?.[1]) throw new AppError('unauthorized', 'The Authorization header must be: Bearer <API_KEY>.');
    const known = runtime.authenticator.authenticate(match[1]);
    const principal = known instanceof Promise ? await known : known;
    request.principal = principal;

    let decision: RateLimitDecision;
    try {
      decision = await runtime.rateLimiter.consume(`${principal.mode}:${principal.keyId}`);
    } catch (error) {
      throw new AppError('service_unavailable', 'The rate-limit store is not answering; retry shortly.', { cause: error });
    }
    setRateLimitHeaders(reply, decision);
    if (!decision.allowed) {
      const retryAfter = String(Math.max(1, Math.ceil(decision.resetMs / 1000)));
      throw new AppError('rate_limited', `Over ${decision.limit} requests per ${runtime.config.rateLimit.windowS} s for this key; retry after ${retryAfter} s.`, {
        headers: { 'retry-after': retryAfter },
      });
    }
    authorize(principal, access);
  };
}

export function registerAccessControl(app: FastifyInstance, runtime: AppRuntime): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('request-id', request.id);
    if (runtime.isDraining()) return done(new AppError('service_unavailable', 'The service is restarting; retry shortly.', { headers: { 'retry-after': '1' } }));
    done();
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (access && !access.public) appendRouteHook(route, 'onRequest', keyedAccess(runtime, access));
  });
}
