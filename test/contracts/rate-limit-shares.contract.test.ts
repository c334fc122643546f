/**
 * Rate limits taken a share at a time (src/adapters/keyvalue/rate-limit-shares.ts), run against
 * every adapter that is reachable. Two "processes" are two limiters with their own local shares
 * over one store: two Redis adapter instances on one Redis; for the in-process store, which serves
 * one process, two limiters of the same store. The bound under test: together they never admit more
 * than the limit, and one is refused only while the other holds less than a share.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryKeyValue } from '../../src/adapters/keyvalue/memory.js';
import { shareSize } from '../../src/adapters/keyvalue/rate-limit-shares.js';
import { createRedisKeyValue } from '../../src/adapters/keyvalue/redis.js';
import type { KeyValue, RateLimitDecision, RateLimiter, RateLimiterOptions } from '../../src/ports/keyvalue.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

type TwoProcesses = () => [KeyValue, KeyValue];
const adapters: [string, TwoProcesses][] = [
  [
    'memory',
    () => {
      const kv = createMemoryKeyValue();
      return [kv, kv];
    },
  ],
];
const redisUrl = process.env.REDIS_URL;
if (redisUrl) adapters.push(['redis', () => [createRedisKeyValue(redisUrl), createRedisKeyValue(redisUrl)]]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const admitted = (decisions: RateLimitDecision[]) => decisions.filter((d) => d.allowed).length;

/** Spends one point after another until the first refusal; the decisions, refusal last. */
async function untilRefused(limiter: RateLimiter, key: string): Promise<RateLimitDecision[]> {
  const decisions: RateLimitDecision[] = [];
  for (;;) {
    const d = await limiter.consume(key);
    decisions.push(d);
    if (!d.allowed) return decisions;
  }
}

describe.each(adapters)('rate-limit shares: %s', (_name, make) => {
  const [a, b] = make();
  afterAll(async () => {
    await a.close();
    if (b !== a) await b.close();
  });
  const options = (points: number, maxShare: number, durationS = 30): RateLimiterOptions => ({
    keyPrefix: `contract:${randomBytes(4).toString('hex')}:rl`,
    points,
    durationS,
    maxShare,
  });
  const pair = (o: RateLimiterOptions) => [a.rateLimiter(o), b.rateLimiter(o)] as const;

  it('the share adapts to the limit: a twentieth of it, at most the configured share, at least one', () => {
    expect(shareSize(5, 100)).toBe(1);
    expect(shareSize(39, 100)).toBe(1);
    expect(shareSize(100, 100)).toBe(5);
    expect(shareSize(1_000_000, 100)).toBe(100);
    expect(shareSize(1_000_000, 1)).toBe(1);
  });

  it('one process: every request counts, remaining falls by one, the refusal tells when the window resets', async () => {
    // 205 is not a multiple of the share (10): the last take is granted only the 5 points left.
    const [one] = pair(options(205, 10));
    const decisions = await untilRefused(one, 'k');
    expect(decisions.map((d) => d.remaining)).toEqual([...Array.from({ length: 205 }, (_, i) => 204 - i), 0]);
    const refused = decisions.at(-1)!;
    expect(admitted(decisions)).toBe(205);
    expect(refused).toMatchObject({ allowed: false, limit: 205, remaining: 0 });
    expect(refused.resetMs).toBeGreaterThan(25_000);
    expect(refused.resetMs).toBeLessThanOrEqual(30_000);
    expect((await one.consume('k')).allowed).toBe(false);
  });

  it('two processes never admit more than the limit together; one is refused only while the other holds less than a share', async () => {
    const o = options(205, 10);
    const s = shareSize(205, 10);
    const [pa, pb] = pair(o);
    expect((await pa.consume('k')).allowed).toBe(true); // pa now holds s − 1 points
    const fromB = await untilRefused(pb, 'k');
    expect(admitted(fromB)).toBeGreaterThanOrEqual(205 - 1 - (s - 1));
    expect(fromB.at(-1)!.resetMs).toBeGreaterThan(25_000);
    // pa still spends what it holds, and not one point more.
    const fromA = await untilRefused(pa, 'k');
    expect(1 + admitted(fromA) + admitted(fromB)).toBe(205);
  });

  it('two processes under concurrent load: at most the limit, at least the limit less one share per other process', async () => {
    const o = options(310, 25);
    const s = shareSize(310, 25);
    const [pa, pb] = pair(o);
    const decisions = await Promise.all(Array.from({ length: 500 }, (_, i) => (i % 2 ? pa : pb).consume('k')));
    const total = admitted(decisions);
    expect(total).toBeLessThanOrEqual(310);
    expect(total).toBeGreaterThanOrEqual(310 - (s - 1));
    for (const d of decisions) if (!d.allowed) expect(d.resetMs).toBeGreaterThan(25_000);
  });

  it('a small limit is counted exactly across processes (share of one)', async () => {
    const [pa, pb] = pair(options(5, 100));
    const decisions: RateLimitDecision[] = [];
    for (let i = 0; i < 6; i++) decisions.push(await (i % 2 ? pb : pa).consume('k'));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
  });

  it('a share expires with its window: points left from the last window are not spent in the next', async () => {
    const [pa] = pair(options(40, 100, 1));
    expect((await pa.consume('k')).allowed).toBe(true); // holds a point of this window
    await sleep(1100);
    const next = await untilRefused(pa, 'k');
    expect(admitted(next)).toBe(40);
    expect(next[0]!.remaining).toBe(39);
  });
});

describe.runIf(redisUrl)('rate-limit shares when Redis goes down', () => {
  it('points taken before are spent, then the limiter rejects with an error (the API answers 503)', async () => {
    const proxy = await startTcpProxy(redisUrl!);
    const kv = createRedisKeyValue(proxy.url);
    try {
      const limiter = kv.rateLimiter({ keyPrefix: `contract:${randomBytes(4).toString('hex')}:rl`, points: 100, durationS: 30, maxShare: 5 });
      expect(await limiter.consume('k')).toMatchObject({ allowed: true, remaining: 99 });
      await proxy.cut();
      for (let i = 0; i < 4; i++) expect((await limiter.consume('k')).allowed).toBe(true);
      const started = Date.now();
      await expect(limiter.consume('k')).rejects.toBeInstanceOf(Error);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await kv.close();
    }
  });
});
