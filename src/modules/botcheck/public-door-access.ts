/**
 * The request path of the public doors (service description, Authentication 7; Limits): the public
 * validator and the contact form take no API key. Each counts requests per client IP (`request.ip`,
 * which honours X-Forwarded-For only from the proxies TRUST_PROXY names) in a window of its own,
 * with the `RateLimit-*` headers, and past it answers 429 `rate_limited` with Retry-After; then the
 * `Botcheck-Token` must be a solved challenge of this service, spent once (403 `botcheck_failed`).
 * Counting comes first, so a client that fails the bot check spends its budget too.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { AppError } from '../../core/errors.js';
import { rateLimiterOf } from '../../core/rate-limiters.js';
import { BOTCHECK_HEADER } from './botcheck-policy.js';
import { verifyBotcheckToken } from './verify-botcheck-token.js';
import type { RateLimitDecision } from '../../ports/keyvalue.js';
import type { Credential } from '../../http/credential.js';
import { rateLimited, setRateLimitHeaders } from '../../http/rate-limit-answer.js';

/** The public doors and their per-IP windows (PublicDoor in RouteAccess). */
export type PublicDoor = 'validate' | 'contact';

declare module '../../http/route-config.js' {
  interface RouteAccess {
    /** The public doors (validator, contact form): with `public`, a per-IP window and the bot check before the body. */
    door?: PublicDoor;
  }
}

export function doorWindow(runtime: AppRuntime, door: PublicDoor): { points: number; durationS: number } {
  const doors = runtime.config.publicDoors;
  return door === 'validate' ? { points: doors.validatorPerMinute, durationS: 60 } : { points: doors.contact.limit, durationS: doors.contact.windowS };
}

function doorHook(runtime: AppRuntime, door: PublicDoor) {
  const window = doorWindow(runtime, door);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const limiter = rateLimiterOf(runtime.services.kv, { keyPrefix: `rl:door:${door}`, ...window });
    let decision: RateLimitDecision;
    try {
      decision = await limiter.consume(`ip:${request.ip}`);
    } catch (error) {
      throw new AppError('service_unavailable', 'The rate-limit store is not answering; retry shortly.', { cause: error });
    }
    setRateLimitHeaders(reply, decision);
    if (!decision.allowed) {
      runtime.metrics.rateLimitRefused(`public_${door}`);
      throw rateLimited(decision, `requests per ${window.durationS} s from this address`);
    }
    const token = request.headers[BOTCHECK_HEADER];
    await verifyBotcheckToken(runtime.services, runtime.config.publicDoors.botcheck, Array.isArray(token) ? token[0] : token);
  };
}

/** The public doors as a credential (src/http/credential.ts). */
export function publicDoorAccess(runtime: AppRuntime): Credential {
  return {
    accessHook: (access) => (access.door ? doorHook(runtime, access.door) : undefined),
    errors: (access) => (access.door ? ['rate_limited', 'botcheck_failed'] : []),
  };
}
