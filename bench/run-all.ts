/**
 * `npm run bench`: every benchmark in turn, each in its own Node process, the next one starting
 * even when the one before missed its target (a missed target is a figure to read, not a reason to
 * skip the rest). Ends with one line per bench and exits 1 when any failed or missed.
 */
import { spawnSync } from 'node:child_process';

const BENCHES: [file: string, ...flags: string[]][] = [
  ['whoami.bench.ts'],
  ['create-shipment.bench.ts'],
  ['webhook-delivery.bench.ts'],
  ['pdf-render.bench.ts', '--expose-gc'],
  ['issue-load.bench.ts'],
  ['create-while-issuing.bench.ts'],
  ['scale-out.bench.ts'],
  ['efti.bench.ts'],
  ['inspect-read.bench.ts'],
  ['driver-first-load.bench.ts'],
];

const only = process.argv.slice(2);
const chosen = only.length > 0 ? BENCHES.filter(([file]) => only.some((name) => file.startsWith(name))) : BENCHES;
const outcomes: { file: string; status: number; seconds: number }[] = [];
for (const [file, ...flags] of chosen) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [...flags, '--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  outcomes.push({ file, status: run.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\nbenches:');
for (const o of outcomes) console.log(`  ${o.status === 0 ? 'ok    ' : 'MISSED'} ${o.file} (${o.seconds} s)${o.status === 0 ? '' : `, exit ${o.status}`}`);
if (outcomes.some((o) => o.status !== 0)) process.exitCode = 1;
