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
  rounds: number;
  webhooks: number;
}

/** Target: over the last half of the run, RSS grows by less than this share of the RSS at the end. */
export const LAST_HALF_GROWTH_TARGET = 0.05;

const MB = 1024 * 1024;

/** The mean of `key` over up to three samples around index `at` (one sample is noise: a GC, a burst). */
function around(samples: MemorySample[], at: number, key: (s: MemorySample) => number): number {
  const window = samples.slice(Math.max(0, at - 1), Math.min(samples.length, at + 2));
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
  lastHalfGrowth: number;
  totalRss: number;
  share: number;
  met: boolean;
}

export function soakVerdict(samples: MemorySample[]): SoakVerdict {
  const last = samples.length - 1;
  const mid = Math.floor(last / 2);
  const rss = (s: MemorySample) => s.rss;
  const totalRss = around(samples, last, rss);
  const lastHalfGrowth = totalRss - around(samples, mid, rss);
  const share = lastHalfGrowth / totalRss;
  return { lastHalfGrowth, totalRss, share, met: share < LAST_HALF_GROWTH_TARGET };
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
  ];
  const lines = measures.map(
    ([name, key]) =>
      `  ${name.padEnd(24)} ${(key(first) / MB).toFixed(1).padStart(7)} → ${(key(last) / MB).toFixed(1).padStart(7)} MB;  slope whole run ${(slope(samples, key) / MB).toFixed(2).padStart(6)} MB/min, last half ${(slope(half, key) / MB).toFixed(2).padStart(6)} MB/min`,
  );
  const v = soakVerdict(samples);
  const rate = (last.rounds - first.rounds) / Math.max(minutes, 1e-9);
  return [
    `over ${minutes.toFixed(1)} min after warm-up: ${last.rounds} rounds (${rate.toFixed(0)}/min), ${last.webhooks} webhooks received`,
    ...lines,
    `RSS growth over the last half: ${(v.lastHalfGrowth / MB).toFixed(1)} MB = ${(v.share * 100).toFixed(1)} % of the RSS at the end (${(v.totalRss / MB).toFixed(0)} MB)  (target < ${LAST_HALF_GROWTH_TARGET * 100} %): ${v.met ? 'met' : 'NOT met'}`,
  ].join('\n');
}
