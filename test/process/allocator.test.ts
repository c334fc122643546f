/**
 * The C allocator `npm start` runs the service on (scripts/allocator.sh), as the memory soak reads
 * it (bench/support/allocator-env.ts): jemalloc where the machine has it, unless LD_PRELOAD is set
 * already, even to nothing; glibc's two arenas otherwise, unless MALLOC_ARENA_MAX says another count.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allocatorEnv, installedJemalloc } from '../../bench/support/allocator-env.js';

const base = { PATH: process.env.PATH };

describe('the allocator npm start picks', () => {
  it('is jemalloc where the machine has it, with two arenas for glibc either way', () => {
    const found = installedJemalloc();
    const { env, description } = allocatorEnv(base);
    expect(env).toEqual({ ...(found ? { LD_PRELOAD: found } : {}), MALLOC_ARENA_MAX: '2' });
    expect(description).toBe(found ? `jemalloc (${found})` : 'glibc malloc, MALLOC_ARENA_MAX=2');
  });

  it('leaves an LD_PRELOAD that is set, also to nothing, and a MALLOC_ARENA_MAX that is set', () => {
    expect(allocatorEnv({ ...base, LD_PRELOAD: '' })).toEqual({ env: { LD_PRELOAD: '', MALLOC_ARENA_MAX: '2' }, description: 'glibc malloc, MALLOC_ARENA_MAX=2' });
    // Another library of the user's (here the C library this process runs on, which loads quietly).
    const other = /\S*\/libc\.so\.6/.exec(readFileSync('/proc/self/maps', 'utf8'))![0];
    expect(allocatorEnv({ ...base, LD_PRELOAD: other, MALLOC_ARENA_MAX: '4' }).env).toEqual({ LD_PRELOAD: other, MALLOC_ARENA_MAX: '4' });
  });
});
