/** Redis through ioredis, the production key-value store shared by every process. */
import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { KeyValue } from '../../ports/keyvalue.js';
import { shareLimiter } from './rate-limit-shares.js';

/**
 * Connects to `url`. A Redis that is down must fail a request quickly (503), not queue it: so no
 * offline queue, one retry per command, and a short connect timeout; the client keeps reconnecting
 * in the background and commands succeed again as soon as Redis is back.
 */
export function createRedisKeyValue(url: string): KeyValue {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    // Commands issued in the same tick (one per concurrent request) go to Redis in one write.
    enableAutoPipelining: true,
  });
  // Connection errors are answered per command; without a listener ioredis logs each one to stderr.
  client.on('error', () => undefined);
  const ready = new Promise<void>((resolve) => {
    if (client.status === 'ready') resolve();
    client.once('ready', () => resolve());
  });
  // Commands issued in the first moments after start wait for the connection instead of failing.
  const whenReady = async () => {
    if (client.status === 'ready') return;
    await Promise.race([ready, new Promise((_, reject) => setTimeout(() => reject(new Error('Redis is not answering')), 2000))]);
  };

  return {
    async get(key) {
      await whenReady();
      return client.get(key);
    },
    async set(key, value, options = {}) {
      await whenReady();
      const args: (string | number)[] = [];
      if (options.ttlMs !== undefined) args.push('PX', options.ttlMs);
      if (options.onlyIfAbsent) args.push('NX');
      const result = await (client.set as (...a: unknown[]) => Promise<string | null>)(key, value, ...args);
      return result === 'OK';
    },
    async delete(key) {
      await whenReady();
      await client.del(key);
    },
    async increment(key, ttlMs) {
      await whenReady();
      // One script, so the counter never exists without its expiry.
      const n = await client.eval("local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n", 1, key, ttlMs);
      return Number(n);
    },
    rateLimiter(options) {
      const counter = new RateLimiterRedis({ storeClient: client, keyPrefix: options.keyPrefix, points: options.points, duration: options.durationS, rejectIfRedisNotReady: true });
      return shareLimiter(
        // Once connected (the usual case) no extra await: a busy key takes a share several times a second.
        (key, points) => (client.status === 'ready' ? counter.consume(key, points) : whenReady().then(() => counter.consume(key, points))),
        { limit: options.points, durationS: options.durationS, maxShare: options.maxShare },
      );
    },
    async ping() {
      await whenReady();
      await client.ping();
    },
    async close() {
      client.disconnect();
    },
  };
}
