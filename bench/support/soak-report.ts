/** The memory soak's verdict (bench/memory-soak.bench.ts): how much the RSS grew over the run and over its last half. */

/** Where the soak's render threads (./soak-render-worker.ts) report their memory after each job. */
export const SOAK_MEMORY_CHANNEL = 'memory-soak-render-threads';

export interface ThreadMemory {
  threadId: number;
  jobs: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export interface MemorySample {
  /** Minutes since the first sample's load began, warm-up excluded. */
  minute: number;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** The render threads' heaps and external memory, summed over the live threads. */
  threadHeap: number;
  threadExternal: number;
  /** Resident in WebAssembly memories (the embedded PGlite) and in malloc's arenas (./native-memory.ts); 0 where unknown. */
  wasm: number;
  malloc: number;
  rounds: number;
  webhooks: number;
}

/** Target: over the last half of the run, RSS grows by less than this share of the RSS at the end. */
export const LAST_HALF_GROWTH_TARGET = 0.05;

const MB = 1024 * 1024;

/**
 * The mean of `key` over a window of samples around index `at`, kept inside the run (at its end:
 * the last samples). The window spans an eighth of the run, at least three samples: RSS moves in
 * saw teeth of minutes — the main heap until its next full collection, the render threads'
 * buffers until they are recycled — and a point on a tooth's top or foot would pass for growth.
 */
function around(samples: MemorySample[], at: number, key: (s: MemorySample) => number): number {
  const width = Math.min(samples.length, Math.max(3, Math.round(samples.length / 8)));
  const from = Math.min(Math.max(0, at - Math.floor(width / 2)), samples.length - width);
  const window = samples.slice(from, from + width);
  return window.reduce((sum, s) => sum + key(s), 0) / window.length;
}

/** Least-squares slope of `key` over the samples, per minute. */
function slope(samples: MemorySample[], key: (s: MemorySample) => number): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((s, x) => s + x.minute, 0) / n;
  const my = samples.reduce((s, x) => s + key(x), 0) / n;
  const num = samples.reduce((s, x) => s + (x.minute - mx) * (key(x) - my), 0);
  const den = samples.reduce((s, x) => s + (x.minute - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

export interface SoakVerdict {
  /** The RSS (window means, see `around`) at the end of warm-up, at half and at the end. */
  atWarmup: MemorySample;
  atHalf: MemorySample;
  atEnd: MemorySample;
  lastHalfGrowth: number;
  totalRss: number;
  share: number;
  met: boolean;
}

const PARTS = ['rss', 'heapUsed', 'external', 'arrayBuffers', 'threadHeap', 'threadExternal', 'wasm', 'malloc', 'rounds', 'webhooks', 'minute'] as const;

/** Every measure of the samples as window means around `at`. */
function meanSample(samples: MemorySample[], at: number): MemorySample {
  return Object.fromEntries(PARTS.map((part) => [part, around(samples, at, (s) => s[part])])) as unknown as MemorySample;
}

export function soakVerdict(samples: MemorySample[]): SoakVerdict {
  const last = samples.length - 1;
  const atWarmup = meanSample(samples, 0);
  const atHalf = meanSample(samples, Math.floor(last / 2));
  const atEnd = meanSample(samples, last);
  const lastHalfGrowth = atEnd.rss - atHalf.rss;
  const share = lastHalfGrowth / atEnd.rss;
  return { atWarmup, atHalf, atEnd, lastHalfGrowth, totalRss: atEnd.rss, share, met: share < LAST_HALF_GROWTH_TARGET };
}

/** The report printed at the end: growth per measure over the run and its last half, and the verdict. */
export function soakReport(samples: MemorySample[]): string {
  if (samples.length < 3) return 'too few samples for a verdict (run longer)';
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const half = samples.slice(Math.floor((samples.length - 1) / 2));
  const minutes = last.minute - first.minute;
  const measures: [string, (s: MemorySample) => number][] = [
    ['rss', (s) => s.rss],
    ['main heap used', (s) => s.heapUsed],
    ['main external', (s) => s.external],
    ['main arrayBuffers', (s) => s.arrayBuffers],
    ['render threads heap', (s) => s.threadHeap],
    ['render threads external', (s) => s.threadExternal],
    ['WebAssembly (PGlite…)', (s) => s.wasm],
    ['malloc arenas', (s) => s.malloc],
  ];
  const lines = measures.map(
    ([name, key]) =>
      `  ${name.padEnd(24)} ${(key(first) / MB).toFixed(1).padStart(7)} → ${(key(last) / MB).toFixed(1).padStart(7)} MB;  slope whole run ${(slope(samples, key) / MB).toFixed(2).padStart(6)} MB/min, last half ${(slope(half, key) / MB).toFixed(2).padStart(6)} MB/min`,
  );
  const v = soakVerdict(samples);
  const rate = (last.rounds - first.rounds) / Math.max(minutes, 1e-9);
  const mb = (n: number) => (n / MB).toFixed(0);
  const at = (name: string, s: MemorySample) =>
    `  ${`${name} (~${s.minute.toFixed(1)} min):`.padEnd(30)} RSS ${mb(s.rss).padStart(5)} MB — main heap ${mb(s.heapUsed)}, external ${mb(s.external)}, arrayBuffers ${mb(s.arrayBuffers)}; render threads heap ${mb(s.threadHeap)}, external ${mb(s.threadExternal)}; wasm ${mb(s.wasm)}, malloc ${mb(s.malloc)}`;
  // Bytes per round do not depend on how fast a busy machine ran the load, unlike MB per minute.
  const rounds = v.atEnd.rounds - v.atHalf.rounds;
  const perRound = rounds > 0 ? `  ${((v.atEnd.rss - v.atHalf.rss) / rounds / 1024).toFixed(1)} KB of RSS per round over the last half (${rounds.toFixed(0)} rounds)` : '  no rounds in the last half';
  return [
    `over ${minutes.toFixed(1)} min after warm-up: ${last.rounds} rounds (${rate.toFixed(0)}/min), ${last.webhooks} webhooks received`,
    ...lines,
    'RSS and its parts, each the mean over an eighth of the run (MB):',
    at('at the end of warm-up', v.atWarmup),
    at('at half', v.atHalf),
    at('at the end', v.atEnd),
    perRound,
    `RSS growth over the last half: ${(v.lastHalfGrowth / MB).toFixed(1)} MB = ${(v.share * 100).toFixed(1)} % of the RSS at the end (${mb(v.totalRss)} MB)  (target < ${LAST_HALF_GROWTH_TARGET * 100} %): ${v.met ? 'met' : 'NOT met'}`,
    'The machine may be shared: MB per minute follow its speed; KB per round and shares of the RSS do not.',
  ].join('\n');
}
