/**
 * rate-limiter-flexible answers a refusal by rejecting with a RateLimiterRes (not an Error); a
 * store failure rejects with an Error. Both adapters turn that into one decision shape here.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimiter } from '../../ports/keyvalue.js';

export function wrapLimiter(limiter: RateLimiterAbstract, points: number): RateLimiter {
  return {
    async consume(key) {
      try {
        const res = await limiter.consume(key);
        return decision(true, points, res);
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) return decision(false, points, outcome);
        throw outcome;
      }
    },
  };
}

function decision(allowed: boolean, limit: number, res: RateLimiterRes): RateLimitDecision {
  return { allowed, limit, remaining: Math.max(0, res.remainingPoints), resetMs: res.msBeforeNext };
}
