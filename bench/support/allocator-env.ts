/**
 * The allocator settings `npm start` gives the service (scripts/allocator.sh), read by sourcing that
 * same script in a shell and printing what it set: a bench that starts the service itself runs it as `npm start`
 * would on this machine, and says which allocator that was.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/core/project-root.js';

export interface AllocatorEnv {
  env: { LD_PRELOAD?: string; MALLOC_ARENA_MAX: string };
  /** "jemalloc (/usr/lib/…/libjemalloc.so.2)" or "glibc malloc, MALLOC_ARENA_MAX=2". */
  description: string;
}

const script = () => join(projectRoot(), 'scripts', 'allocator.sh');

/** The jemalloc scripts/allocator.sh would preload on this machine (the first of its paths that exists), if any. */
export function installedJemalloc(): string | undefined {
  return readFileSync(script(), 'utf8').match(/for lib in (.*); do/)![1]!.split(' ').find((lib) => existsSync(lib));
}

export function allocatorEnv(env: NodeJS.ProcessEnv): AllocatorEnv {
  // NUL-separated: whether LD_PRELOAD is set at all (set to nothing keeps glibc), its value, the arena count.
  const out = execFileSync('sh', ['-c', `. "$0"; printf '%s\\0%s\\0%s' "\${LD_PRELOAD+set}" "\${LD_PRELOAD-}" "$MALLOC_ARENA_MAX"`, script()], { env, encoding: 'utf8' });
  const [set, preload, arenas] = out.split('\0') as [string, string, string];
  const jemalloc = /libjemalloc/.test(preload);
  return {
    env: { ...(set ? { LD_PRELOAD: preload } : {}), MALLOC_ARENA_MAX: arenas },
    description: jemalloc ? `jemalloc (${preload})` : `glibc malloc, MALLOC_ARENA_MAX=${arenas}${preload ? `, LD_PRELOAD=${preload}` : ''}`,
  };
}
