/**
 * A real HTTP webhook receiver on 127.0.0.1 for tests: it keeps every request with its raw body
 * and headers, and answers as the test says (a status, a delay, a redirect, or no answer at all).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  json: { id: string; type: string; created_at: string; mode: string; data: Record<string, unknown> };
}

/** Decides the answer of one request; return 'hang' to never answer. */
export type Responder = (request: ReceivedWebhook, index: number) => { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | 'hang';

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Connections accepted, answered or not. */
  connections: number;
  respond(responder: Responder): void;
  /** Resolves when `count` requests in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let responder: Responder = () => ({ status: 200, body: 'ok' });
  const hanging = new Set<ServerResponse>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver = { received: [] as ReceivedWebhook[], connections: 0 } as WebhookReceiver;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let json: ReceivedWebhook['json'];
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        json = {} as ReceivedWebhook['json'];
      }
      const request = { path: req.url ?? '/', headers: req.headers, raw, json };
      const index = receiver.received.push(request) - 1;
      for (const w of waiters.filter((w) => receiver.received.length >= w.count)) w.resolve();
      const answer = responder(request, index);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      setTimeout(() => res.writeHead(answer.status, answer.headers).end(answer.body ?? ''), answer.delayMs ?? 0);
    });
  });
  server.on('connection', () => receiver.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    respond(r: Responder) {
      responder = r;
    },
    waitFor(count: number, timeoutMs = 10_000) {
      if (receiver.received.length >= count) return Promise.resolve(receiver.received);
      return new Promise<ReceivedWebhook[]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${receiver.received.length} of ${count} requests`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(receiver.received)) });
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
