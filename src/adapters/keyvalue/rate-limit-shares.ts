/**
 * A rate limiter that takes a key's budget from the store a share at a time and spends it in this
 * process, so a busy key costs one trip to the store per share instead of one per request.
 *
 * The counting stays rate-limiter-flexible's: a take is its `consume(key, share)`, one atomic
 * increment in the store. A take that crosses the limit is granted only the points that were still
 * below it (the store's counter is then at or past the limit, so every later take in the window is
 * refused). The grants of one window never add up to more than the limit, whatever the number of
 * processes: **no request beyond the limit is admitted**. The price is on the other side: points one
 * process took and has not spent are not available to the others, so with N processes and share s a
 * key can be refused while at most (N − 1)·(s − 1) of its points sit unspent elsewhere (a take is
 * made for a request, which spends one point of it at once). The share is at most limit / 20, so
 * that is at most 5 % of the limit per other process, and a limit under 40 is counted exactly (s = 1).
 *
 * A share is spent only in the store's window it was taken in: it expires when that window ends,
 * measured from before the take, so never later than the store's. A refusal is remembered until the
 * window ends as well: once the store's counter reached the limit nothing more is granted in that
 * window, so another trip would change nothing.
 *
 * When the store stops answering, points already taken are still spent (at most one share per key
 * and process); the next take rejects with the store's error, which the HTTP layer answers 503.
 *
 * rate-limiter-flexible answers a refusal by rejecting with a RateLimiterRes (not an Error); a store
 * failure rejects with an Error. Both adapters go through here, so the two are told apart once.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimiter } from '../../ports/keyvalue.js';

/** Spends `points` of `key`'s budget in the store: rate-limiter-flexible's `consume`. */
export type StoreConsume = (key: string, points: number) => Promise<RateLimiterRes>;

/** A share is at most this fraction of the limit (the bound above). */
export const SHARE_DIVISOR = 20;

/** Points taken per trip to the store for a key with `limit` points per window. */
export function shareSize(limit: number, maxShare: number): number {
  return Math.max(1, Math.min(Math.floor(maxShare), Math.floor(limit / SHARE_DIVISOR)));
}

interface Share {
  /** Points taken from the store and not spent yet. */
  unspent: number;
  /** What the store had left for the key right after this process's last take. */
  storeRemaining: number;
  /** Monotonic time by which the store's window has surely ended: the share is void from then. */
  spendUntil: number;
  /** Monotonic time by which the store's window has surely ended, measured late: what clients are told. */
  resetAt: number;
}

export function shareLimiter(store: StoreConsume, options: { limit: number; durationS: number; maxShare?: number }): RateLimiter {
  const { limit } = options;
  const size = shareSize(limit, options.maxShare ?? 1);
  const shares = new Map<string, Share>();
  // One take per key at a time; the requests that arrive meanwhile wait for its points.
  const takes = new Map<string, Promise<void>>();
  let sweptAt = performance.now();

  async function take(key: string): Promise<void> {
    const startedAt = performance.now();
    let res: RateLimiterRes;
    let granted = size;
    try {
      res = await store(key, size);
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) throw outcome;
      res = outcome;
      // Over the limit now; what was left below it before this take is ours.
      granted = Math.max(0, limit - (res.consumedPoints - size));
    }
    const now = performance.now();
    shares.set(key, { unspent: granted, storeRemaining: Math.max(0, res.remainingPoints), spendUntil: startedAt + res.msBeforeNext, resetAt: now + res.msBeforeNext });
    if (now - sweptAt > options.durationS * 1000) {
      sweptAt = now;
      for (const [k, share] of shares) if (share.spendUntil <= now) shares.delete(k);
    }
  }

  function live(key: string, now: number): Share | undefined {
    const share = shares.get(key);
    if (share && share.spendUntil <= now) {
      shares.delete(key);
      return undefined;
    }
    return share;
  }

  return {
    async consume(key): Promise<RateLimitDecision> {
      for (;;) {
        const now = performance.now();
        const share = live(key, now);
        if (share && share.unspent > 0) {
          share.unspent -= 1;
          return { allowed: true, limit, remaining: share.storeRemaining + share.unspent, resetMs: share.resetAt - now };
        }
        const pending = takes.get(key);
        if (pending) {
          await pending;
          continue;
        }
        if (share && share.storeRemaining === 0) return { allowed: false, limit, remaining: 0, resetMs: share.resetAt - now };
        const started = take(key).finally(() => takes.delete(key));
        takes.set(key, started);
        await started;
      }
    },
  };
}
