/**
 * The load generator for requests that differ one from the next, run as its own process so it does
 * not share the server's event loop: autocannon with the options given as JSON in argv[2], every
 * request with a fresh Idempotency-Key (as a client's retry-safe creates would) or from a fresh
 * client address (X-Forwarded-For, to a service that trusts this host as its proxy: per-address
 * limits such as the inspection link's 60 a minute would refuse one address at speed), printing
 * its result as JSON. A load with a `rate` is sent evenly paced (./paced-load.ts), not by autocannon.
 */
import { randomUUID } from 'node:crypto';
import autocannon, { type Request } from 'autocannon';
import { pacedLoad } from './paced-load.js';

interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  uniqueIdempotencyKey?: boolean;
  uniqueClientAddress?: boolean;
  rate?: number;
}

const options = JSON.parse(process.argv[2]!) as LoadOptions;
let clients = 0;
/** The next address of 10.0.0.0/8: 16 million before one repeats. */
function nextAddress(): string {
  clients = (clients + 1) & 0xffffff;
  return `10.${clients >> 16}.${(clients >> 8) & 255}.${clients & 255}`;
}
/** The headers that make this request differ from the last. */
const fresh = (): Record<string, string> => ({
  ...(options.uniqueIdempotencyKey ? { 'idempotency-key': randomUUID() } : {}),
  ...(options.uniqueClientAddress ? { 'x-forwarded-for': nextAddress() } : {}),
});

if (options.rate) {
  const url = new URL(options.url);
  const paced = await pacedLoad(url.origin, options.rate, options.seconds, options.connections, () => ({
    method: options.method,
    path: url.pathname + url.search,
    headers: { ...options.headers, ...fresh() },
    ...(options.body ? { body: options.body } : {}),
  }));
  process.stdout.write(JSON.stringify(paced));
  process.exit(0);
}

const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.seconds,
  requests: [
    {
      method: options.method,
      headers: options.headers,
      ...(options.body ? { body: options.body } : {}),
      setupRequest: (request: Request) => {
        request.headers = { ...request.headers, ...fresh() };
        return request;
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx }));
