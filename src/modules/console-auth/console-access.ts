/**
 * The request path of console routes (`consoleOnly`, docs/console-auth.md): a request with an
 * Authorization header goes the API key way and is refused there (`forbidden` for a valid key);
 * otherwise the session cookie must name a live console session (else 401 `unauthorized`). A
 * state-changing request (POST, PATCH, PUT, DELETE) carrying the cookie must also come from a page
 * of this service: its Origin (or, without one, its Referer) must be PUBLIC_BASE_URL's origin, else
 * 403 `forbidden`. SameSite=Lax already keeps the cookie off cross-site POSTs in current browsers;
 * the Origin check covers older ones and same-site sibling hosts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { AppError, isAppError, type ErrorCode } from '../../core/errors.js';
import { requirePermission, type ConsolePermission } from './member-permissions.js';
import { requireSecondFactor } from './two-factor/second-factor-gate.js';
import { checkConsoleOrigin, cookieValue } from '../../http/cookie-origin.js';
import type { AccessHook, Credential } from '../../http/credential.js';
import { spendRateBudget } from '../../http/rate-limit-answer.js';
import type { RouteAccess } from '../../http/route-config.js';
import { authenticateConsoleSession, type ConsoleSession } from './authenticate-console-session.js';
import { SESSION_COOKIE, sessionLifetimes } from './console-auth-policy.js';

declare module '../../http/route-config.js' {
  interface RouteAccess {
    /**
     * With `consoleOnly`: what the session's member role must be allowed (src/modules/console-auth/
     * member-permissions.ts), else 403 `forbidden`.
     */
    permission?: ConsolePermission;
    /**
     * With `consoleOnly`: a console web page (HTML) rather than a JSON call; without a session the
     * browser is sent to the sign-in page (303 to /console) instead of a 401 problem.
     */
    page?: boolean;
    /**
     * With `consoleOnly`: the route serves a session that has not passed the second factor yet (the
     * factor's own routes and page, the session, sign-out); every other console route refuses such a
     * session with 403 `two_factor_required` (src/modules/console-auth/two-factor/second-factor-gate.ts).
     */
    beforeSecondFactor?: boolean;
    /**
     * On a keyed route: a request without an Authorization header that carries the console session
     * cookie goes the console session way instead, with this member permission in place of the
     * key's scope; tenantContext then serves the session's organisation.
     */
    console?: ConsolePermission;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session of a `consoleOnly` route (src/modules/console-auth/console-access.ts). */
    consoleSession?: ConsoleSession;
  }
}

/**
 * The session of the request's cookie (with the Origin check on state-changing methods) that has
 * passed the second factor where one is needed, unless the route serves the way to it
 * (`beforeSecondFactor`); raises `unauthorized`, `forbidden` or `two_factor_required`.
 */
export async function requireConsoleSession(runtime: AppRuntime, request: FastifyRequest): Promise<ConsoleSession> {
  const secret = cookieValue(request.headers.cookie, SESSION_COOKIE);
  if (!secret) throw new AppError('unauthorized', `Sign in to the console first: this route takes the ${SESSION_COOKIE} session cookie, not an API key.`);
  checkConsoleOrigin(request, new URL(runtime.config.publicBaseUrl).origin);
  const session = await authenticateConsoleSession(runtime.services, sessionLifetimes(runtime.config.console), secret);
  if (!session) throw new AppError('unauthorized', 'The console session has ended (signed out, idle too long or past its maximum age); sign in again.');
  if (!request.routeOptions.config.access?.beforeSecondFactor) await requireSecondFactor(runtime.services, session);
  return session;
}

/**
 * A console session's requests count in a window of their own, as large as an API key's
 * (RATE_LIMIT_REQUESTS per RATE_LIMIT_WINDOW_S): a script holding a stolen cookie is slowed as a
 * key would be, and the answer carries the same RateLimit headers.
 */
function spendSessionBudget(runtime: AppRuntime, reply: FastifyReply, session: ConsoleSession): Promise<void> {
  return spendRateBudget(reply, runtime.rateLimiter, `console:${session.sessionId}`, `requests per ${runtime.config.rateLimit.windowS} s for this console session`, () =>
    runtime.metrics.rateLimitRefused('console_session'),
  );
}

/** Where a console page without a session sends the browser: the sign-in page. */
export const CONSOLE_SIGN_IN_PATH = '/console';
/** Where a console page sends a session that still has to pass (or set up) its second factor. */
export const CONSOLE_TWO_FACTOR_PATH = '/console/two-factor';

const PAGE_REDIRECTS: Partial<Record<ErrorCode, string>> = { unauthorized: CONSOLE_SIGN_IN_PATH, two_factor_required: CONSOLE_TWO_FACTOR_PATH };

function consoleAccess(runtime: AppRuntime, access: RouteAccess, keyed: AccessHook): AccessHook {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // An API key on a console route: authenticated as usual, then refused (`forbidden`) by authorize().
    if (request.headers.authorization !== undefined) return keyed(request, reply);
    try {
      request.consoleSession = await requireConsoleSession(runtime, request);
    } catch (error) {
      // A page asked for without a session (or after it ended) leads to the sign-in page, one that
      // first needs the second factor to the factor's page: not to a JSON problem.
      const to = access.page && request.method === 'GET' && isAppError(error) ? PAGE_REDIRECTS[error.code] : undefined;
      if (to) {
        await reply.header('cache-control', 'no-store').redirect(to, 303);
        return;
      }
      throw error;
    }
    await spendSessionBudget(runtime, reply, request.consoleSession);
    if (access.permission) requirePermission(request.consoleSession.role, access.permission);
  };
}

/**
 * A keyed route that a console session may call too (`access: { scope, console: permission }`): an
 * Authorization header, or no session cookie, goes the API key way as on every keyed route; the
 * cookie without an Authorization header goes the session way, with the member permission instead
 * of the key's scope.
 */
function keyOrConsoleAccess(runtime: AppRuntime, permission: ConsolePermission, keyed: AccessHook): AccessHook {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.headers.authorization !== undefined || !cookieValue(request.headers.cookie, SESSION_COOKIE)) return keyed(request, reply);
    request.consoleSession = await requireConsoleSession(runtime, request);
    await spendSessionBudget(runtime, reply, request.consoleSession);
    requirePermission(request.consoleSession.role, permission);
  };
}

/**
 * The console session as a credential (src/http/credential.ts), around the API key's: on
 * `consoleOnly` routes and on keyed routes that take a session too (`console`) the session's hook
 * takes the key's place (and falls back to it for a request with an Authorization header); every
 * other route is the key's.
 */
export function consoleSessionAccess(runtime: AppRuntime, apiKey: Credential): Credential {
  return {
    ...apiKey,
    accessHook(access) {
      const keyed = apiKey.accessHook?.(access);
      if (!keyed) return undefined;
      if (access.consoleOnly) return consoleAccess(runtime, access, keyed);
      return access.console ? keyOrConsoleAccess(runtime, access.console, keyed) : keyed;
    },
    errors(access) {
      const keyed = apiKey.errors?.(access) ?? [];
      if (access.consoleOnly) return access.beforeSecondFactor ? keyed : [...keyed, 'two_factor_required'];
      if (!access.console) return keyed;
      // The session path: a role without the permission, or a session that has not passed the second factor (listed beside the key's scope).
      const at = keyed.indexOf('insufficient_scope') + 1 || keyed.indexOf('invalid_api_key') + 1;
      return [...keyed.slice(0, at), 'forbidden', 'two_factor_required', ...keyed.slice(at)];
    },
    security: (access) => (access.consoleOnly ? [{ cookieAuth: [] }] : apiKey.security?.(access)),
    securitySchemes: {
      ...apiKey.securitySchemes,
      cookieAuth: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description:
          'Console session (docs/console-auth.md): set by following a sign-in link (`POST /v1/auth/magic-links`). API keys are refused on these routes (403 `forbidden`); ' +
          'state-changing calls must send an `Origin` (or `Referer`) of PUBLIC_BASE_URL, else 403 `forbidden`.',
      },
    },
  };
}
