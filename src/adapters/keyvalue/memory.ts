/**
 * The embedded key-value store: an in-process Map with expiry. It serves one process, which is
 * what the embedded defaults are; several processes need Redis.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { KeyValue } from '../../ports/keyvalue.js';
import { wrapLimiter } from './rate-limit-decision.js';

interface Entry {
  value: string;
  expiresAt?: number;
}

/** Creates the store; expiry follows the wall clock, as Redis's does. */
export function createMemoryKeyValue(): KeyValue {
  const entries = new Map<string, Entry>();
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
      return wrapLimiter(new RateLimiterMemory({ keyPrefix: options.keyPrefix, points: options.points, duration: options.durationS }), options.points);
    },
    async ping() {},
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}
