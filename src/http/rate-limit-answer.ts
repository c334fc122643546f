/** How every limiter of the request path answers (service description, Limits): `RateLimit-*` headers, and past the budget 429 with Retry-After. */
import type { FastifyReply } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';
import { AppError } from '../core/errors.js';
import { rateLimiterOf } from '../core/rate-limiters.js';
import type { RateLimitDecision, RateLimiter } from '../ports/keyvalue.js';
import type { RateLimiterName } from '../ports/metrics.js';

export function setRateLimitHeaders(reply: FastifyReply, decision: RateLimitDecision): void {
  reply.header('ratelimit-limit', decision.limit);
  reply.header('ratelimit-remaining', decision.remaining);
  reply.header('ratelimit-reset', Math.max(0, Math.ceil(decision.resetMs / 1000)));
}

/** The 429 of a refused decision; `over` says what was counted, e.g. "requests per 60 s for this key". */
export function rateLimited(decision: RateLimitDecision, over: string): AppError {
  const retryAfter = String(Math.max(1, Math.ceil(decision.resetMs / 1000)));
  return new AppError('rate_limited', `Over ${decision.limit} ${over}; retry after ${retryAfter} s.`, { headers: { 'retry-after': retryAfter } });
}

/**
 * Spends one point of `key`'s budget: sets the `RateLimit-*` headers and, past the budget, calls
 * `refused` (to count it) and raises the 429 (`over` as in `rateLimited`). A store that does not
 * answer is 503 `service_unavailable`.
 */
export async function spendRateBudget(reply: FastifyReply, limiter: RateLimiter, key: string, over: string, refused: () => void): Promise<void> {
  let decision: RateLimitDecision;
  try {
    decision = await limiter.consume(key);
  } catch (error) {
    throw new AppError('service_unavailable', 'The rate-limit store is not answering; retry shortly.', { cause: error });
  }
  setRateLimitHeaders(reply, decision);
  if (!decision.allowed) {
    refused();
    throw rateLimited(decision, over);
  }
}

/** A window of a route's own (sign-in links, invitations): counts one request under `key`, sets the headers, and past `limit` raises 429. */
export function countInWindow(
  runtime: Pick<AppRuntime, 'services' | 'metrics'>,
  reply: FastifyReply,
  window: { limiter: RateLimiterName; prefix: string; key: string; limit: number; windowS: number; over: string },
): Promise<void> {
  const limiter = rateLimiterOf(runtime.services.kv, { keyPrefix: window.prefix, points: window.limit, durationS: window.windowS });
  return spendRateBudget(reply, limiter, window.key, window.over, () => runtime.metrics.rateLimitRefused(window.limiter));
}
