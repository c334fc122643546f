/**
 * Where a process's resident memory outside the JavaScript heaps lives, read from Linux's
 * /proc/<pid>/smaps (the memory soak, ./soak-service-process.ts): `process.memoryUsage()` does not
 * count WebAssembly memories (the embedded PGlite's Postgres runs in one) nor what glibc's malloc
 * keeps in its arenas after native code freed it, and either can grow the RSS alone.
 *
 * - wasm: a read-write anonymous mapping followed by a reservation of at least 1 GiB without access:
 *   V8 reserves a WebAssembly memory's whole range and opens it as the memory grows.
 * - malloc: `[heap]` and glibc's arenas of the other threads (64 MiB-aligned regions of 64 MiB,
 *   the part in use read-write, the rest reserved). Under jemalloc (scripts/allocator.sh) only
 *   `[heap]`, which it hardly uses: its own mappings carry no mark and count as otherAnon.
 * - otherAnon: the rest of the anonymous memory (V8's heaps, thread stacks, mmap'd large buffers).
 * - file: mapped files (the binary, libraries).
 * Figures are resident kilobytes turned into bytes; undefined where /proc is not there (not Linux).
 */
import { readFileSync } from 'node:fs';

export interface NativeMemory {
  wasm: number;
  malloc: number;
  otherAnon: number;
  file: number;
}

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  name: string;
  rss: number;
}

const ARENA = 64n * 1024n * 1024n;
const GIB = 1024n * 1024n * 1024n;

function mappings(pid: number): Mapping[] {
  const list: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      list.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3]!, name: head[5]!.trim(), rss: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && list.length > 0) list.at(-1)!.rss = Number(rss[1]) * 1024;
  }
  return list;
}

export function nativeMemory(pid = process.pid): NativeMemory | undefined {
  let list: Mapping[];
  try {
    list = mappings(pid);
  } catch {
    return undefined;
  }
  const memory: NativeMemory = { wasm: 0, malloc: 0, otherAnon: 0, file: 0 };
  list.forEach((m, i) => {
    if (m.name.startsWith('/')) memory.file += m.rss;
    else if (m.name === '[heap]') memory.malloc += m.rss;
    else if (m.name !== '') memory.otherAnon += m.rss;
    else {
      const next = list[i + 1];
      const reservedAfter = next && next.start === m.end && next.perms.startsWith('---') ? next.end - next.start : 0n;
      if (m.perms.startsWith('rw') && reservedAfter >= GIB) memory.wasm += m.rss;
      else if (m.perms.startsWith('rw') && m.start % ARENA === 0n && m.end - m.start + reservedAfter === ARENA) memory.malloc += m.rss;
      else memory.otherAnon += m.rss;
    }
  });
  return memory;
}
