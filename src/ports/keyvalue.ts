/**
 * Key-value port: short-lived shared state (rate limits, locks, counters). Redis in production,
 * an in-process store as the embedded default; both pass `test/contracts/keyvalue.contract.test.ts`.
 * Every method rejects when the store is unreachable; the HTTP layer answers `service_unavailable`.
 */
export interface KeyValue {
  /** The value under `key`, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /**
   * Stores `value`. With `ttlMs` the key expires; with `onlyIfAbsent` nothing is written when the
   * key exists. Resolves true when the value was written.
   */
  set(key: string, value: string, options?: { ttlMs?: number; onlyIfAbsent?: boolean }): Promise<boolean>;
  /** Removes `key`; absent keys are fine. */
  delete(key: string): Promise<void>;
  /** Adds one to the counter under `key` (created at 0); the first increment starts a `ttlMs` expiry. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** A rate limiter (rate-limiter-flexible) that keeps its counters in this store. */
  rateLimiter(options: RateLimiterOptions): RateLimiter;
  /** Rejects when the store does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  /** Namespaces the counters so several limiters share one store. */
  keyPrefix: string;
  /** Requests allowed per window. */
  points: number;
  /** Window length in seconds. */
  durationS: number;
  /**
   * Most points a process takes from the store per trip and then spends locally (default 1: every
   * request asks the store). Capped at a twentieth of `points`; the bound this gives is in
   * `src/adapters/keyvalue/rate-limit-shares.ts`: never more than `points` admitted per window.
   */
  maxShare?: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface RateLimiter {
  /**
   * Spends one point of `key`'s budget; rejects only when the store fails and this process holds
   * no point of the key's budget that it took earlier in the window.
   */
  consume(key: string): Promise<RateLimitDecision>;
}
