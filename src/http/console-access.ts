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
import type { AppRuntime } from '../app-runtime.js';
import { AppError, isAppError, type ErrorCode } from '../core/errors.js';
import { requirePermission, type ConsolePermission } from '../modules/console-auth/member-permissions.js';
import { requireSecondFactor } from '../modules/console-auth/two-factor/second-factor-gate.js';
import { spendRateBudget } from './rate-limit-answer.js';
import type { RouteAccess } from './route-config.js';
import { authenticateConsoleSession, type ConsoleSession } from '../modules/console-auth/authenticate-console-session.js';
import { SESSION_COOKIE, sessionLifetimes } from '../modules/console-auth/console-auth-policy.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session of a `consoleOnly` route (src/http/console-access.ts). */
    consoleSession?: ConsoleSession;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The value of one cookie in a Cookie header (the first, as browsers send the most specific first). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/** Refuses a state-changing cookie request that does not come from PUBLIC_BASE_URL's origin. */
export function checkConsoleOrigin(request: FastifyRequest, expectedOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = requestOrigin(request);
  if (origin === expectedOrigin) return;
  throw new AppError(
    'forbidden',
    origin
      ? `This console request comes from ${origin}, not from ${expectedOrigin}: state-changing console calls are accepted from the console's own pages only.`
      : `This console request has neither Origin nor Referer: state-changing console calls must come from the console's pages at ${expectedOrigin}.`,
  );
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

export function consoleAccess(runtime: AppRuntime, access: RouteAccess, keyed: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) {
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
export function keyOrConsoleAccess(runtime: AppRuntime, permission: ConsolePermission, keyed: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.headers.authorization !== undefined || !cookieValue(request.headers.cookie, SESSION_COOKIE)) return keyed(request, reply);
    request.consoleSession = await requireConsoleSession(runtime, request);
    await spendSessionBudget(runtime, reply, request.consoleSession);
    requirePermission(request.consoleSession.role, permission);
  };
}
