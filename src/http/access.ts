/**
 * The start of every request: its Request-Id header and the draining check; then, on keyed
 * routes, API key authentication, the per-key rate limit with its headers, and the route's access
 * rule (service description, Authentication; order of refusals in authorize.ts); on sign routes,
 * the link token (sign-link-access.ts); on the public doors, the per-IP window and the bot check
 * (public-door-access.ts); on console routes, the session cookie (console-access.ts); on driver
 * routes, the driver session (driver-access.ts). The keyed part is
 * attached to each keyed route as it is declared, with that route's rule.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';
import { AppError, isAppError } from '../core/errors.js';
import type { Principal } from '../modules/api-keys/authenticate-api-key.js';
import { authorize } from '../modules/api-keys/authorize.js';
import type { RateLimitDecision } from '../ports/keyvalue.js';
import type { RouteAccess } from './route-config.js';
import { consoleAccess, keyOrConsoleAccess } from './console-access.js';
import { appendRouteHook } from './route-hooks.js';
import { publicDoorAccess } from './public-door-access.js';
import { rateLimited, spendRateBudget } from './rate-limit-answer.js';
import { signLinkAccess } from './sign-link-access.js';
import { driverAccess } from './driver-access.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The principal of the request's API key; raises `unauthorized` or `invalid_api_key`. */
async function authenticate(runtime: AppRuntime, header: string | undefined): Promise<Principal> {
  if (!header) throw new AppError('unauthorized', 'Send your API key as Authorization: Bearer <API_KEY>.');
  const match = BEARER.exec(header);
  if (!match?.[1]) throw new AppError('unauthorized', 'The Authorization header must be: Bearer <API_KEY>.');
  const known = runtime.authenticator.authenticate(match[1]);
  return known instanceof Promise ? await known : known;
}

/**
 * Counts a failed authentication against the client's address, so keys cannot be guessed at the
 * rate of the per-key limit (which only a known key reaches). Past AUTH_FAILURE_LIMIT in the window
 * the answer is 429 `rate_limited` with Retry-After instead of the failure itself. Valid keys never
 * pass here, so they are not slowed, whatever their address did. A store that does not answer
 * leaves the failure as it was: the client is refused either way.
 */
async function countFailedAuthentication(runtime: AppRuntime, ip: string, failure: AppError): Promise<void> {
  let decision: RateLimitDecision;
  try {
    decision = await runtime.failedAuthLimiter.consume(`ip:${ip}`);
  } catch {
    throw failure;
  }
  if (decision.allowed) return;
  runtime.metrics.rateLimitRefused('failed_auth');
  throw rateLimited(decision, `failed authentications per ${runtime.config.authFailures.windowS} s from this address`);
}

function keyedAccess(runtime: AppRuntime, access: RouteAccess) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    let principal: Principal;
    try {
      principal = await authenticate(runtime, request.headers.authorization);
    } catch (error) {
      if (isAppError(error) && (error.code === 'unauthorized' || error.code === 'invalid_api_key')) await countFailedAuthentication(runtime, request.ip, error);
      throw error;
    }
    request.principal = principal;

    await spendRateBudget(reply, runtime.rateLimiter, `${principal.mode}:${principal.keyId}`, `requests per ${runtime.config.rateLimit.windowS} s for this key`, () => runtime.metrics.rateLimitRefused('api_key'));
    authorize(principal, access);
  };
}

export function registerAccessControl(app: FastifyInstance, runtime: AppRuntime): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('request-id', request.id);
    if (runtime.isDraining() && !request.routeOptions.config.servedWhileDraining) return done(new AppError('service_unavailable', 'The service is restarting; retry shortly.', { headers: { 'retry-after': '1' } }));
    done();
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (access?.consoleOnly) appendRouteHook(route, 'onRequest', consoleAccess(runtime, access, keyedAccess(runtime, access)));
    else if (access?.console) appendRouteHook(route, 'onRequest', keyOrConsoleAccess(runtime, access.console, keyedAccess(runtime, access)));
    else if (access && !access.public) appendRouteHook(route, 'onRequest', keyedAccess(runtime, access));
    if (access?.signLink) appendRouteHook(route, 'onRequest', signLinkAccess(runtime, access.signLink));
    if (access?.door) appendRouteHook(route, 'onRequest', publicDoorAccess(runtime, access.door));
    if (access?.driver) appendRouteHook(route, 'onRequest', driverAccess(runtime));
  });
}
