/**
 * Monotonic ULIDs (time in the first 10 characters, 80 random bits in the last 16, Crockford
 * base32). Ids minted in the same millisecond, or while the clock stands still or steps back,
 * increment the previous random part, so ids sort in the order they were made; keyset pagination
 * depends on that. Randomness comes from a pooled buffer: a request id is minted on every request,
 * and one crypto call per 256 ids instead of 16 per id is measurable there.
 */
import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const POOL = Buffer.alloc(4096);
let poolOffset = POOL.length;

/**
 * A ULID source with its own memory of the last id: `ulid` below is the process's; a test makes
 * its own, so the times it mints do not carry into ids minted after it in the same process.
 */
export function ulidGenerator(): (timeMs: number) => string {
  let lastTime = -1;
  const lastRandom = new Uint8Array(16);

  function refillRandom(): void {
    if (poolOffset + 16 > POOL.length) {
      randomFillSync(POOL);
      poolOffset = 0;
    }
    for (let i = 0; i < 16; i++) lastRandom[i] = POOL[poolOffset + i]! & 31;
    poolOffset += 16;
  }

  function incrementRandom(): void {
    for (let i = 15; i >= 0; i--) {
      if (lastRandom[i]! < 31) {
        lastRandom[i]! += 1;
        return;
      }
      lastRandom[i] = 0;
    }
    throw new Error('ULID random part overflowed within one millisecond');
  }

  return (timeMs) => {
    if (timeMs > lastTime) {
      lastTime = timeMs;
      refillRandom();
    } else {
      incrementRandom();
    }
    let time = '';
    let t = lastTime;
    for (let i = 0; i < 10; i++) {
      time = ALPHABET[t % 32] + time;
      t = Math.floor(t / 32);
    }
    let random = '';
    for (let i = 0; i < 16; i++) random += ALPHABET[lastRandom[i]!];
    return time + random;
  };
}

/** A ULID for `timeMs`, greater than every ULID this process made before. */
export const ulid: (timeMs: number) => string = ulidGenerator();
