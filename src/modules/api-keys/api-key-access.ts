/**
 * The request path of keyed routes (service description, Authentication; order of refusals in
 * authorize.ts): API key authentication, the per-key rate limit with its headers, and the route's
 * access rule. A failed authentication also counts against the client's address. Handed to the
 * HTTP kit as a credential (src/http/credential.ts) by src/app.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { AppError, isAppError, type ErrorCode } from '../../core/errors.js';
import { SCOPES, SCOPE_DESCRIPTIONS } from '../../core/scopes.js';
import type { RateLimitDecision } from '../../ports/keyvalue.js';
import type { Credential } from '../../http/credential.js';
import { rateLimited, spendRateBudget } from '../../http/rate-limit-answer.js';
import type { RouteAccess } from '../../http/route-config.js';
import type { Principal } from './authenticate-api-key.js';
import { authorize, type AccessRule } from './authorize.js';

declare module '../../http/route-config.js' {
  // What a keyed route asks of a key: its scope, console-only, sandbox-only, uncleared live keys let through.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RouteAccess extends AccessRule {}
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a keyed request. */
    principal?: Principal;
  }
}

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

/** What the key's checks can answer on a keyed route, in authorize()'s order. */
function keyedRouteErrors(access: RouteAccess): ErrorCode[] {
  const codes: ErrorCode[] = ['unauthorized', 'invalid_api_key'];
  // Console routes: an API key is refused before any scope or mode is looked at.
  if (access.consoleOnly) codes.push('forbidden');
  else {
    if (access.scope) codes.push('insufficient_scope');
    if (!access.allowUnclearedLive) codes.push('live_not_enabled');
    if (access.testOnly) codes.push('test_mode_only');
  }
  codes.push('rate_limited');
  return codes;
}

/** Every route that is not public takes an API key (or, where the console credential says so, a console session instead). */
export function apiKeyAccess(runtime: AppRuntime): Credential {
  return {
    accessHook: (access) => (access.public ? undefined : keyedAccess(runtime, access)),
    errors: (access) => (access.public ? [] : keyedRouteErrors(access)),
    security: (access) => (access.public ? undefined : [{ apiKey: access.scope ? [access.scope] : [] }]),
    securitySchemes: {
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        description:
          'API key: `sk_test_…` (sandbox) or `sk_live_…` (live). Each operation lists the scope it needs. Scopes:\n\n' + SCOPES.map((s) => `- \`${s}\`: ${SCOPE_DESCRIPTIONS[s]}`).join('\n'),
        'x-scopes': Object.fromEntries(SCOPES.map((s) => [s, SCOPE_DESCRIPTIONS[s]])),
      },
    },
    ownsKeysOf: (access) => access !== undefined && !access.public,
    keyOwner: (request, key) => (request.principal ? { organizationId: request.principal.organizationId, mode: request.principal.mode, key } : undefined),
  };
}
