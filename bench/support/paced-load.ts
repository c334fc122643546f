/**
 * An open-loop load at a fixed request rate, its requests spread evenly over each second: request
 * i leaves at i / rate seconds after the start, over at most `connections` keep-alive connections
 * (one that finds them all busy waits for the next free one).
 *
 * Why not autocannon's `overallRate`: it gives each connection a quota per second and refills the
 * quotas together on one-second timers, so every connection sends its share at the top of each
 * second — at 55 requests/s over 50 connections, 50 requests arrive at once and then nothing for
 * most of the second. Clients of a service arrive spread out, not synchronised to a clock; a burst
 * of the whole second's work measures the burst, not the rate.
 *
 * Latency counts from the moment a request was due, not from when a connection took it, so a
 * service that falls behind shows it (no coordinated omission).
 */
import { Agent, request } from 'node:http';

export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests sent. */
  sent: number;
}

/** Sends `next()`'s requests to `origin` at `rate` per second for `seconds`; resolves when every answer arrived. */
export async function pacedLoad(origin: string, rate: number, seconds: number, connections: number, next: () => PacedRequest): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const tally = { errors: 0, non2xx: 0 };
  const send = (due: number, { method, path, headers, body }: PacedRequest): Promise<void> =>
    sendRequest(agent, new URL(path, origin), method, headers, body).then((answer) => {
      if (answer === 'error') tally.errors++;
      else {
        latencies.push(performance.now() - due);
        if (answer >= 300) tally.non2xx++;
      }
    });

  const start = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = send(due, next());
    inFlight.add(sent);
    void sent.then(() => inFlight.delete(sent));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(2));
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), ...tally, sent: total };
}

/** One request; resolves with its status once the whole answer arrived, or 'error'. */
export function sendRequest(agent: Agent, url: URL | string, method: string, headers: Record<string, string>, body?: string): Promise<number | 'error'> {
  return new Promise((resolve) => {
    const req = request(url, { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve('error'));
    });
    req.on('error', () => resolve('error'));
    req.end(body);
  });
}
