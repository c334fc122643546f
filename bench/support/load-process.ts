/**
 * The load generator for creates, run as its own process so it does not share the server's event
 * loop: autocannon with the options given as JSON in argv[2], every request with a fresh
 * Idempotency-Key (as a client's retry-safe creates would), printing its result as JSON.
 */
import { randomUUID } from 'node:crypto';
import autocannon, { type Request } from 'autocannon';

interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  rate?: number;
}

const options = JSON.parse(process.argv[2]!) as LoadOptions;
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.seconds,
  ...(options.rate ? { overallRate: options.rate } : {}),
  requests: [
    {
      method: options.method,
      headers: options.headers,
      ...(options.body ? { body: options.body } : {}),
      setupRequest: (request: Request) => {
        request.headers = { ...request.headers, 'idempotency-key': randomUUID() };
        return request;
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx }));
