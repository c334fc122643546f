/**
 * One rate limiter per key-value store and key prefix, made on first use: the routes that count
 * their own budget (identifications, inspection links, federated reads) share the store's limiter
 * instead of building one per request. Keyed by the store so that each test app, with its own
 * store, gets its own counters.
 */
import type { KeyValue, RateLimiter, RateLimiterOptions } from '../ports/keyvalue.js';

const byStore = new WeakMap<KeyValue, Map<string, RateLimiter>>();

export function rateLimiterOf(kv: KeyValue, options: RateLimiterOptions): RateLimiter {
  let limiters = byStore.get(kv);
  if (!limiters) byStore.set(kv, (limiters = new Map()));
  let limiter = limiters.get(options.keyPrefix);
  if (!limiter) limiters.set(options.keyPrefix, (limiter = kv.rateLimiter(options)));
  return limiter;
}
