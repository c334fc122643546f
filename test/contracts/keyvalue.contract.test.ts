/** One contract for the key-value port, run against every adapter that is reachable. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryKeyValue } from '../../src/adapters/keyvalue/memory.js';
import { createRedisKeyValue } from '../../src/adapters/keyvalue/redis.js';
import type { KeyValue } from '../../src/ports/keyvalue.js';

const adapters: [string, () => KeyValue][] = [['memory', createMemoryKeyValue]];
if (process.env.REDIS_URL) adapters.push(['redis', () => createRedisKeyValue(process.env.REDIS_URL!)]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(adapters)('key-value contract: %s', (_name, make) => {
  let kv: KeyValue;
  const prefix = `contract:${randomBytes(4).toString('hex')}:`;
  beforeAll(() => {
    kv = make();
  });
  afterAll(() => kv.close());

  it('get, set, overwrite, delete', async () => {
    expect(await kv.get(`${prefix}a`)).toBeNull();
    expect(await kv.set(`${prefix}a`, 'one')).toBe(true);
    expect(await kv.get(`${prefix}a`)).toBe('one');
    await kv.set(`${prefix}a`, 'two');
    expect(await kv.get(`${prefix}a`)).toBe('two');
    await kv.delete(`${prefix}a`);
    await kv.delete(`${prefix}never`);
    expect(await kv.get(`${prefix}a`)).toBeNull();
  });

  it('a value with a ttl expires', async () => {
    await kv.set(`${prefix}t`, 'v', { ttlMs: 80 });
    expect(await kv.get(`${prefix}t`)).toBe('v');
    await sleep(150);
    expect(await kv.get(`${prefix}t`)).toBeNull();
  });

  it('onlyIfAbsent writes once', async () => {
    expect(await kv.set(`${prefix}n`, 'first', { onlyIfAbsent: true, ttlMs: 10_000 })).toBe(true);
    expect(await kv.set(`${prefix}n`, 'second', { onlyIfAbsent: true })).toBe(false);
    expect(await kv.get(`${prefix}n`)).toBe('first');
  });

  it('increment counts from one and the first increment starts the expiry', async () => {
    expect(await kv.increment(`${prefix}c`, 100)).toBe(1);
    expect(await kv.increment(`${prefix}c`, 100)).toBe(2);
    await sleep(160);
    expect(await kv.increment(`${prefix}c`, 100)).toBe(1);
  });

  it('rate limiter: allows the budget, then refuses with the time to reset', async () => {
    const limiter = kv.rateLimiter({ keyPrefix: `${prefix}rl`, points: 2, durationS: 30 });
    const a = await limiter.consume('k');
    const b = await limiter.consume('k');
    const c = await limiter.consume('k');
    expect([a.allowed, b.allowed, c.allowed]).toEqual([true, true, false]);
    expect([a.remaining, b.remaining, c.remaining]).toEqual([1, 0, 0]);
    expect(c.limit).toBe(2);
    expect(c.resetMs).toBeGreaterThan(25_000);
    expect(c.resetMs).toBeLessThanOrEqual(30_000);
    expect((await limiter.consume('other')).allowed).toBe(true);
  });

  it('ping answers', async () => {
    await expect(kv.ping()).resolves.toBeUndefined();
  });
});

describe('redis adapter when Redis is down', () => {
  it('rejects quickly instead of hanging (the API answers 503)', async () => {
    const kv = createRedisKeyValue('redis://127.0.0.1:1');
    const started = Date.now();
    await expect(kv.ping()).rejects.toThrow();
    await expect(kv.get('x')).rejects.toThrow();
    await expect(kv.rateLimiter({ keyPrefix: 'x', points: 1, durationS: 1 }).consume('k')).rejects.toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(8000);
    await kv.close();
  });
});
