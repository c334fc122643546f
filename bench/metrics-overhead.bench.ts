/**
 * Benchmark: what metrics cost a request. GET /v1/whoami through the whole request path, injected
 * (no socket, so the request path is a larger share of the cost than over the network), into two
 * services in one process, one with METRICS_PORT set and one without, in alternating rounds.
 * Measures CPU time per request (process.cpuUsage), which other processes on the machine disturb
 * far less than wall time, and prints the least and the median per round, and the ratio of the
 * least (the round least disturbed by the rest of the machine). A scrape runs between rounds, as
 * Prometheus would, so the families hold their samples.
 *
 * Target: metrics on cost at most 5 % more CPU per request.
 */
import { startBenchService, type BenchService } from './support/bench-runtime.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 4000);
const CONCURRENCY = 20;

async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(before)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

async function round(service: BenchService): Promise<number> {
  const headers = { authorization: `Bearer ${service.key}` };
  const started = process.cpuUsage();
  for (let sent = 0; sent < PER_ROUND; sent += CONCURRENCY) {
    const answers = await Promise.all(Array.from({ length: CONCURRENCY }, () => service.app.inject({ method: 'GET', url: '/v1/whoami', headers })));
    if (answers.some((a) => a.statusCode !== 200)) throw new Error(`whoami answered ${answers.find((a) => a.statusCode !== 200)!.statusCode}`);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / PER_ROUND;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const least = (xs: number[]) => Math.min(...xs);

const off = await withEnv({ METRICS_PORT: '' }, () => startBenchService('metrics_off'));
const on = await withEnv({ METRICS_PORT: '0' }, () => startBenchService('metrics_on'));
if (!on.runtime.metricsServer || off.runtime.metricsServer) throw new Error('expected one service with metrics and one without');
const scrapeUrl = `http://127.0.0.1:${on.runtime.metricsServer.port}/metrics`;

console.log(`GET /v1/whoami (injected), metrics off vs on — ${off.backend}, ${ROUNDS} rounds of ${PER_ROUND} requests, Node ${process.version}`);
await round(off);
await round(on);
const times: { off: number[]; on: number[] } = { off: [], on: [] };
for (let i = 0; i < ROUNDS; i++) {
  times.off.push(await round(off));
  times.on.push(await round(on));
  await (await fetch(scrapeUrl)).text();
}
for (const [name, xs] of Object.entries(times)) {
  console.log(`CPU per request, metrics ${name.padEnd(3)}: least ${least(xs).toFixed(1)} µs, median ${median(xs).toFixed(1)} µs (rounds ${xs.map((x) => x.toFixed(0)).join(', ')})`);
}
console.log(`ratio (on / off, least): ${(least(times.on) / least(times.off)).toFixed(3)}; medians: ${(median(times.on) / median(times.off)).toFixed(3)}  (target ≤ 1.05)`);

await off.close();
await on.close();
