/**
 * A latency probe, run as its own process so it does not share the server's event loop: a few
 * keep-alive connections each sending the request again as soon as the last answer arrived, for
 * the given seconds, printing JSON with the answer count, rate and latency percentiles in
 * milliseconds to 0.01 ms (autocannon rounds latencies to whole milliseconds, too coarse for a
 * route that answers in one). Options as JSON in argv[2]: url, headers, connections, seconds.
 */
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { sendRequest } from './paced-load.js';

interface ProbeOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

const options = JSON.parse(process.argv[2]!) as ProbeOptions;
const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
const latencies: number[] = [];
let non2xx = 0;
let errors = 0;

async function once(): Promise<void> {
  const started = performance.now();
  const answer = await sendRequest(agent, options.url, 'GET', options.headers);
  if (answer === 'error') {
    errors++;
    return;
  }
  latencies.push(performance.now() - started);
  if (answer >= 300) non2xx++;
}

const until = performance.now() + options.seconds * 1000;
await Promise.all(
  Array.from({ length: options.connections }, async () => {
    while (performance.now() < until) await once();
  }),
);
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(2));
process.stdout.write(JSON.stringify({ rps: latencies.length / options.seconds, p50: at(0.5), p99: at(0.99), errors, non2xx }));
