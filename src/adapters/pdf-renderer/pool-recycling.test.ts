/** Generations of render threads (pool-recycling.ts): retired after their share of jobs, destroyed only once their jobs settled. */
import { describe, expect, it } from 'vitest';
import { PoolGenerations } from './pool-recycling.js';

class FakePool {
  destroyed = false;
  constructor(readonly n: number) {}
  destroy(): Promise<void> {
    this.destroyed = true;
    return Promise.resolve();
  }
}

function generations(jobs: number) {
  let made = 0;
  return new PoolGenerations(() => new FakePool(++made), jobs);
}

describe('render thread generations', () => {
  it('starts the next generation after its share of jobs, and destroys the old one when its last job settles', () => {
    const pools = generations(2);
    const a = pools.acquire();
    const b = pools.acquire();
    expect(b).toBe(a);
    const c = pools.acquire();
    expect(c.n).toBe(2);
    expect(pools.replaced).toBe(1);
    expect(pools.live.slice(0, 2)).toEqual([a, c]);
    pools.release(a);
    expect(a.destroyed).toBe(false);
    pools.release(b);
    expect(a.destroyed).toBe(true);
    expect(pools.live).toEqual([c]);
    pools.release(c);
    // The current generation stays, idle, for the next job.
    expect(c.destroyed).toBe(false);
    expect(pools.current).toBe(c);
  });

  it('starts the next generation ahead, at nine tenths of the share, and hands over to it', () => {
    const pools = generations(10);
    const held = Array.from({ length: 8 }, () => pools.acquire());
    expect(pools.live).toHaveLength(1);
    held.push(pools.acquire());
    const [first, next] = pools.live;
    expect(next).toBeDefined();
    expect(next!.n).toBe(2);
    held.push(pools.acquire());
    expect(pools.acquire()).toBe(next);
    for (const pool of held) pools.release(pool);
    expect(first!.destroyed).toBe(true);
    expect(pools.live).toEqual([next]);
  });

  it('never recycles with no limit, and destroys every generation on close', async () => {
    const pools = generations(Infinity);
    const first = pools.acquire();
    for (let i = 0; i < 1000; i++) pools.release(pools.acquire());
    expect(pools.acquire()).toBe(first);
    expect(pools.replaced).toBe(0);
    await pools.destroyAll();
    expect(first.destroyed).toBe(true);
    expect(pools.live).toEqual([]);
  });
});
