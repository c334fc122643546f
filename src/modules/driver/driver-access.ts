/**
 * The request path of driver routes (`access.driver`, docs/driver.md): the driver session's token
 * as `Authorization: Bearer <token>` or, from the web app, the `fds_driver` cookie (the header wins
 * when both come). A state-changing call carried by the cookie must come from this service's pages
 * (Origin, or Referer, of PUBLIC_BASE_URL, the console's check): SameSite=Strict already keeps the
 * cookie off cross-site requests in current browsers. A session's requests count in a window of
 * their own, as large as an API key's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { AppError } from '../../core/errors.js';
import { authenticateDriverSession, type DriverSession } from './authenticate-driver-session.js';
import type { DriverRequest } from './driver-work.js';
import { DRIVER_COOKIE, phoneHash } from './driver-policy.js';
import { checkConsoleOrigin, cookieValue } from '../../http/cookie-origin.js';
import type { Credential, SecurityRequirement } from '../../http/credential.js';
import { spendRateBudget } from '../../http/rate-limit-answer.js';

declare module '../../http/route-config.js' {
  interface RouteAccess {
    /**
     * With `public`: a driver route (docs/driver.md): the driver session's token, as a bearer token
     * or the `fds_driver` cookie, instead of an API key.
     */
    driver?: boolean;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The driver session of a driver route (src/modules/driver/driver-access.ts). */
    driverSession?: DriverSession;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

function driverSessionHook(runtime: AppRuntime) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    let token: string | undefined;
    if (header !== undefined) {
      token = BEARER.exec(header)?.[1];
      if (!token) throw new AppError('unauthorized', 'The Authorization header must be: Bearer <driver session token>.');
    } else {
      token = cookieValue(request.headers.cookie, DRIVER_COOKIE);
      if (!token) throw new AppError('unauthorized', `Sign in as a driver first (POST /v1/driver/sessions): send its token as Authorization: Bearer <token>, or the ${DRIVER_COOKIE} cookie.`);
      checkConsoleOrigin(request, new URL(runtime.config.publicBaseUrl).origin);
    }
    const session = await authenticateDriverSession(runtime.services, token);
    if (!session) throw new AppError('unauthorized', 'The driver session has ended (12 hours passed, signed out, or revoked); sign in again.');
    request.driverSession = session;
    await spendRateBudget(reply, runtime.rateLimiter, `driver:${session.id}`, `requests per ${runtime.config.rateLimit.windowS} s for this driver session`, () => runtime.metrics.rateLimitRefused('driver_session'));
  };
}

/**
 * The driver session as a credential (src/http/credential.ts). A driver's Idempotency-Keys are the
 * phone's (hashed), so a queued action sent again after a new sign-in still finds its first answer.
 */
export function driverAccess(runtime: AppRuntime): Credential {
  return {
    accessHook: (access) => (access.driver ? driverSessionHook(runtime) : undefined),
    // None or ended (401), a cookie call from another origin (403), its request window (429).
    errors: (access) => (access.driver ? ['unauthorized', 'forbidden', 'rate_limited'] : []),
    security: (access): SecurityRequirement[] | undefined => (access.driver ? [{ driverSession: [] }, { driverCookie: [] }] : undefined),
    securitySchemes: {
      driverSession: {
        type: 'http',
        scheme: 'bearer',
        description: "Driver session (docs/driver.md): the `token` of `POST /v1/driver/sessions`, 12 hours. Sees only the tours and shipments assigned to the driver's phone.",
      },
      driverCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: DRIVER_COOKIE,
        description: 'The same driver session as a cookie, for the driver web app; state-changing calls must send an `Origin` (or `Referer`) of PUBLIC_BASE_URL, else 403 `forbidden`.',
      },
    },
    ownsKeysOf: (access) => Boolean(access?.driver),
    keyOwner: (request, key) => (request.driverSession ? { organizationId: phoneHash(runtime.services.secrets.urls, request.driverSession.phone), mode: 'driver', key } : undefined),
  };
}

/** What a driver use case needs of the request: the session, and who and where for the evidence. */
export function driverRequest(request: FastifyRequest): DriverRequest {
  const session = request.driverSession;
  if (!session) throw new Error(`route ${request.routeOptions.url ?? ''} declares no access.driver`);
  const userAgent = request.headers['user-agent'];
  return { session, requestId: request.id, ip: request.ip, ...(userAgent ? { userAgent } : {}), signal: request.clientGone };
}
