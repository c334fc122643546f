/** How every limiter of the request path answers (service description, Limits): `RateLimit-*` headers, and past the budget 429 with Retry-After. */
import type { FastifyReply } from 'fastify';
import { AppError } from '../core/errors.js';
import type { RateLimitDecision } from '../ports/keyvalue.js';

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
