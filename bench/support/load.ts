/** Runs the load generator in a child process and reads its result. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  uniqueIdempotencyKey?: boolean;
  /** Each request from another client address (X-Forwarded-For; the service must trust this host as its proxy). */
  uniqueClientAddress?: boolean;
  /** Connections of this load; BENCH_CONNECTIONS when not given. */
  connections?: number;
  /** Requests per second over all connections, spread evenly (./paced-load.ts); as fast as answered when not given. */
  rate?: number;
}

const AUTOCANNON_CLI = join(import.meta.dirname, '..', '..', 'node_modules', 'autocannon', 'autocannon.js');

/**
 * Loads the target from a child process. Fixed requests go through autocannon's own CLI (it drives
 * about twice the rate of its programmatic API here, which matters at whoami's 50k/s); requests that
 * need a fresh Idempotency-Key or client address each, and loads at a fixed rate, go through
 * ./load-process.ts.
 */
export async function load(target: Target, seconds: number): Promise<Result> {
  const options = { method: 'GET' as const, headers: {}, connections: CONNECTIONS, ...target, seconds };
  if (options.uniqueIdempotencyKey || options.uniqueClientAddress || options.rate) {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'load-process.ts'), JSON.stringify(options)], { maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as Result;
  }
  const headers = Object.entries(options.headers as Record<string, string>).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const args = [AUTOCANNON_CLI, '-j', '-c', String(options.connections), '-d', String(seconds), '-m', options.method, ...headers, ...(options.body ? ['-b', options.body] : []), options.url];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/**
 * Warms both targets, then alternates them three times and takes each one's median run, so
 * background noise (autovacuum, checkpoints, the other core's work) lands on both alike.
 */
export async function compare(baseline: Target, subject: Target): Promise<{ base: Result; subject: Result; baseRuns: Result[]; subjectRuns: Result[] }> {
  await load(baseline, 2);
  await load(subject, 2);
  const baseRuns: Result[] = [];
  const subjectRuns: Result[] = [];
  for (let i = 0; i < 3; i++) {
    baseRuns.push(await load(baseline, DURATION_S));
    subjectRuns.push(await load(subject, DURATION_S));
  }
  const median = (runs: Result[]) => [...runs].sort((x, y) => x.rps - y.rps)[1]!;
  return { base: median(baseRuns), subject: median(subjectRuns), baseRuns, subjectRuns };
}

export function row(name: string, r: Result): string {
  return `${name.padEnd(26)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   errors ${r.errors}   non-2xx ${r.non2xx}`;
}
