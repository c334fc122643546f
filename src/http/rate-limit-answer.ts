/** How every limiter of the request path answers (service description, Limits): `RateLimit-*` headers, and past the budget 429 with Retry-After. */
import type { FastifyReply } from 'fastify';
import { AppError } from '../core/errors.js';
import type { RateLimitDecision, RateLimiter } from '../ports/keyvalue.js';

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
