/**
 * `npm run bench`: every benchmark in turn, each in its own Node process, the next one starting
 * even when the one before missed its target (a missed target is a figure to read, not a reason to
 * skip the rest). Ends with one line per bench and exits 1 when any failed or missed.
 */
import { spawnSync } from 'node:child_process';

interface Bench {
  file: string;
  flags?: string[];
  /**
   * Runs once on the embedded defaults and, when DATABASE_URL is set, once more on PostgreSQL and
   * Redis, for a bench that measures one backend per process (the others run both themselves or
   * measure what does not depend on the backend).
   */
  bothBackends?: boolean;
}

const BENCHES: Bench[] = [
  { file: 'whoami.bench.ts' },
  { file: 'create-shipment.bench.ts' },
  { file: 'webhook-delivery.bench.ts' },
  { file: 'pdf-render.bench.ts', flags: ['--expose-gc'] },
  { file: 'issue-load.bench.ts', bothBackends: true },
  { file: 'create-while-issuing.bench.ts' },
  { file: 'scale-out.bench.ts' },
  { file: 'efti.bench.ts' },
  { file: 'inspect-read.bench.ts', bothBackends: true },
  { file: 'driver-first-load.bench.ts' },
];

/** The environment of each run of a bench: the embedded defaults first, then PostgreSQL and Redis when set. */
function runsOf(bench: Bench): { label: string; env: NodeJS.ProcessEnv }[] {
  if (!bench.bothBackends || !process.env.DATABASE_URL) return [{ label: bench.file, env: process.env }];
  const embedded = { ...process.env };
  for (const name of ['DATABASE_URL', 'MIGRATION_DATABASE_URL', 'REDIS_URL']) delete embedded[name];
  return [
    { label: `${bench.file} (embedded)`, env: embedded },
    { label: `${bench.file} (postgres)`, env: process.env },
  ];
}

const only = process.argv.slice(2);
const chosen = only.length > 0 ? BENCHES.filter(({ file }) => only.some((name) => file.startsWith(name))) : BENCHES;
const outcomes: { file: string; status: number; seconds: number }[] = [];
for (const bench of chosen) {
  for (const { label, env } of runsOf(bench)) {
    const started = Date.now();
    const run = spawnSync(process.execPath, [...(bench.flags ?? []), '--import', 'tsx', `bench/${bench.file}`], { stdio: 'inherit', env });
    outcomes.push({ file: label, status: run.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) });
  }
}
console.log('\nbenches:');
for (const o of outcomes) console.log(`  ${o.status === 0 ? 'ok    ' : 'MISSED'} ${o.file} (${o.seconds} s)${o.status === 0 ? '' : `, exit ${o.status}`}`);
if (outcomes.some((o) => o.status !== 0)) process.exitCode = 1;
