/**
 * The webhook transport on `node:http(s)` with `request-filtering-agent`, which checks the address
 * at connect time (Node's global `fetch` would ignore the agent). Names are resolved through the
 * Resolver port, so tests can point a name at 127.0.0.1 without a DNS server; every address a
 * name resolves to is checked by the agent and by our own list (webhook-target.ts), which also
 * refuses ranges the agent lets through, such as documentation and benchmarking networks.
 *
 * Sockets are kept alive per host: a reused socket goes to an address already checked.
 */
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { isPublicAddress } from '../../modules/webhooks/webhook-target.js';
import type { Resolver } from '../../ports/resolver.js';
import type { WebhookOutcome, WebhookRequest, WebhookTransport } from '../../ports/webhook-transport.js';

export interface NodeHttpTransportOptions {
  resolver: Resolver;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: local development and tests only. */
  allowPrivate: boolean;
  timeoutMs: number;
  maxAnswerBytes: number;
  userAgent: string;
}

class RefusedAddressError extends Error {}

function resolverLookup(resolver: Resolver, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolver.lookup(hostname).then(
      (addresses) => {
        const usable = allowPrivate ? addresses : addresses.filter(isPublicAddress);
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '', 0);
        } else if (usable.length < addresses.length) {
          callback(new RefusedAddressError(`${hostname} resolves to a non-public address (${addresses.find((a) => !isPublicAddress(a))}); refused`), '', 0);
        } else if (options.all) {
          (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, usable.map((address) => ({ address, family: isIP(address) })));
        } else {
          callback(null, usable[0]!, isIP(usable[0]!));
        }
      },
      (error: Error) => callback(error, '', 0),
    );
  };
}

export function nodeHttpTransport(options: NodeHttpTransportOptions): WebhookTransport {
  const agentOptions = { keepAlive: true, allowPrivateIPAddress: options.allowPrivate, maxSockets: 64 };
  const agents = { http: new RequestFilteringHttpAgent(agentOptions), https: new RequestFilteringHttpsAgent(agentOptions) };
  const lookup = resolverLookup(options.resolver, options.allowPrivate);
  const targets = new TargetCache((url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { error: 'the endpoint url is not a valid URL' };
    }
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(host) && !isPublicAddress(host)) return { error: `${host} is not a public address; refused` };
    const secure = parsed.protocol === 'https:';
    if (!secure && !(options.allowPrivate && parsed.protocol === 'http:')) return { error: 'only https endpoints are delivered to' };
    return {
      secure,
      options: {
        method: 'POST',
        protocol: parsed.protocol,
        hostname: host,
        port: parsed.port || undefined,
        path: `${parsed.pathname}${parsed.search}`,
        auth: parsed.username ? `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}` : undefined,
        agent: secure ? agents.https : agents.http,
        lookup,
      },
    };
  });

  function post(req: WebhookRequest): Promise<WebhookOutcome> {
    const target = targets.get(req.url);
    if ('error' in target) return Promise.resolve({ answer: '', error: target.error, durationMs: 0 });
    return new Promise((resolve) => {
      const exchange = new Exchange(resolve, options.maxAnswerBytes);
      const body = Buffer.from(req.body, 'utf8');
      const request = (target.secure ? httpsRequest : httpRequest)({
        ...target.options,
        headers: { ...req.headers, 'content-type': 'application/json', 'content-length': String(body.length), 'user-agent': options.userAgent },
      });
      // One limit for the whole attempt: connect, send, and read the answer.
      exchange.timer = setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
      request.on('error', (error) => exchange.finish(undefined, describe(error)));
      request.on('response', (response) => {
        exchange.status = response.statusCode ?? 0;
        response.on('data', (chunk: Buffer) => {
          // Enough kept: stop reading and drop the socket rather than drain a large answer.
          if (exchange.keep(chunk)) {
            response.destroy();
            exchange.finish(exchange.status);
          }
        });
        response.on('end', () => exchange.finish(exchange.status));
        response.on('error', () => exchange.finish(exchange.status));
        response.on('close', () => exchange.finish(exchange.status));
      });
      request.end(body);
    });
  }

  return {
    post,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function describe(error: Error): string {
  const message = error.message;
  if (/is not allowed\. Because, It is (private|meta) IP address/.test(message)) return `${message.split(' is not allowed')[0]!.replace('DNS lookup ', '')} is not a public address; refused`;
  const code = (error as { code?: string }).code;
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/** The kept bytes as text (malformed UTF-8 becomes U+FFFD); U+0000, which PostgreSQL cannot store, is dropped. */
function answerText(bytes: Buffer): string {
  return bytes.toString('utf8').replaceAll('\u0000', '');
}

/** One attempt's state: its clock, its time limit and the part of the answer kept. */
class Exchange {
  private readonly started = performance.now();
  private settled = false;
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  timer: ReturnType<typeof setTimeout> | undefined;
  status = 0;

  constructor(
    private readonly resolve: (outcome: WebhookOutcome) => void,
    private readonly maxAnswerBytes: number,
  ) {}

  /** Keeps what fits of a chunk of the answer; true once the limit is reached. */
  keep(chunk: Buffer): boolean {
    if (this.kept >= this.maxAnswerBytes) return true;
    const part = chunk.subarray(0, this.maxAnswerBytes - this.kept);
    this.chunks.push(part);
    this.kept += part.length;
    return this.kept >= this.maxAnswerBytes;
  }

  /** Ends the attempt once: with the receiver's status and kept answer, or with an error. */
  finish(status: number | undefined, error?: string): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    const durationMs = Math.round(performance.now() - this.started);
    if (error !== undefined) this.resolve({ answer: '', error, durationMs });
    else this.resolve({ status, answer: answerText(Buffer.concat(this.chunks)), durationMs });
  }
}

type Target = { secure: boolean; options: RequestOptions } | { error: string };

/**
 * Endpoint URLs, parsed and checked once: a worker sends to the same few URLs over and over. A
 * small map that starts over when full; the address itself is still checked at every connect.
 */
class TargetCache {
  private readonly entries = new Map<string, Target>();

  constructor(private readonly parse: (url: string) => Target) {}

  get(url: string): Target {
    let target = this.entries.get(url);
    if (!target) {
      if (this.entries.size >= 1_000) this.entries.clear();
      target = this.parse(url);
      this.entries.set(url, target);
    }
    return target;
  }
}
