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
}

export async function load(target: Target, seconds: number): Promise<Result> {
  const options = { method: 'GET', headers: {}, ...target, connections: CONNECTIONS, seconds };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'load-process.ts'), JSON.stringify(options)], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Result;
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
