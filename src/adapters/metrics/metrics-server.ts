/**
 * The metrics listener: `GET /metrics` on METRICS_PORT, a port of its own so the families never
 * reach the public API port (the API answers 404 for /metrics). Each process (API or worker)
 * serves its own; with METRICS_TOKEN set, a scrape must send it as a bearer token, for a port
 * others on the network can reach. Plain node:http: one route, no request path of the API's.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { PrometheusMetrics } from './prometheus.js';

export interface MetricsServerOptions {
  port: number;
  host: string;
  /** A scrape must send `Authorization: Bearer <token>` when set. */
  token?: string;
  onError?: (error: unknown) => void;
}

export interface MetricsServer {
  /** The port listened on (the chosen one when METRICS_PORT is 0). */
  port: number;
  close(): Promise<void>;
}

function hasToken(request: IncomingMessage, token: string): boolean {
  const sent = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * Every answer closes its connection: scrapes come seconds apart, so a kept-alive connection would
 * sit idle past the server's keep-alive timeout and race its closing with the next scrape.
 */
function answer(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close', ...headers }).end(body);
}

export async function startMetricsServer(metrics: PrometheusMetrics, options: MetricsServerOptions): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (path !== '/metrics') return answer(response, 404, 'Not found: metrics are at /metrics.\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(response, 405, 'Method not allowed.\n', { allow: 'GET, HEAD' });
    if (options.token && !hasToken(request, options.token)) return answer(response, 401, 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.\n', { 'www-authenticate': 'Bearer' });
    metrics.exposition().then(
      ({ contentType, body }) => answer(response, 200, request.method === 'HEAD' ? '' : body, { 'content-type': contentType }),
      (error: unknown) => {
        options.onError?.(error);
        answer(response, 500, 'The metrics could not be collected.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
