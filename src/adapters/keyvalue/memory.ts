/**
 * The embedded key-value store: an in-process Map with expiry. It serves one process, which is
 * what the embedded defaults are; several processes need Redis.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { KeyValue } from '../../ports/keyvalue.js';
import { shareLimiter } from './rate-limit-shares.js';

interface Entry {
  value: string;
  expiresAt?: number;
}

/** Creates the store; expiry follows the wall clock, as Redis's does. */
export function createMemoryKeyValue(): KeyValue {
  const entries = new Map<string, Entry>();
  // Limiters made with the same options count together, as they do in Redis (same key prefix).
  const counters = new Map<string, RateLimiterMemory>();
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    for (const key of entries.keys()) live(key);
  }, 60_000);
  sweep.unref();

  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, options = {}) {
      if (options.onlyIfAbsent && live(key)) return false;
      entries.set(key, { value, expiresAt: options.ttlMs !== undefined ? Date.now() + options.ttlMs : undefined });
      return true;
    },
    async delete(key) {
      entries.delete(key);
    },
    async increment(key, ttlMs) {
      const entry = live(key);
      const next = (entry ? Number(entry.value) : 0) + 1;
      entries.set(key, { value: String(next), expiresAt: entry ? entry.expiresAt : Date.now() + ttlMs });
      return next;
    },
    rateLimiter(options) {
      const id = `${options.keyPrefix}\n${options.points}\n${options.durationS}`;
      let counter = counters.get(id);
      if (!counter) counters.set(id, (counter = new RateLimiterMemory({ keyPrefix: options.keyPrefix, points: options.points, duration: options.durationS })));
      const store = counter;
      return shareLimiter((key, points) => store.consume(key, points), { limit: options.points, durationS: options.durationS, maxShare: options.maxShare });
    },
    async ping() {},
    async close() {
      clearInterval(sweep);
      entries.clear();
      counters.clear();
    },
  };
}
