/**
 * The webhook transport on `node:http(s)` with `request-filtering-agent`, which checks the address
 * at connect time (Node's global `fetch` would ignore the agent). Names are resolved through the
 * Resolver port, so tests can point a name at 127.0.0.1 without a DNS server; every address a
 * name resolves to is checked by the agent and by our own list (src/core/network-addresses.ts), which also
 * refuses ranges the agent lets through, such as documentation and benchmarking networks.
 *
 * Sockets are kept alive per host: a reused socket goes to an address already checked. An idle
 * socket is closed after `idleSocketMs` (4 s by default), before the receiver closes it: Node
 * servers close idle connections after 5 s, and a request written on a connection the receiver is
 * closing fails with ECONNRESET. When a reused connection fails all the same before a byte of the
 * answer came back (the receiver closed it as the request went out), the request is sent again at
 * once on a new connection of its own, through the same address checks: still the same attempt,
 * with one time limit. A failure on a new connection fails the attempt.
 *
 * Private targets: WEBHOOK_ALLOW_PRIVATE_TARGETS is per process, deliveries are shared
 * by every worker on the database. So a request reaches a private address or plain http only when
 * both agree: this process runs with the switch (`allowPrivate`) and the endpoint was created
 * under it (`privateTargets` on the request). Each policy has its own agents, so a kept-alive
 * socket to a private address never carries a request of the strict policy.
 */
import { request as httpRequest, type Agent, type ClientRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { isPublicAddress } from '../../core/network-addresses.js';
import type { Resolver } from '../../ports/resolver.js';
import type { WebhookOutcome, WebhookRequest, WebhookTransport } from '../../ports/webhook-transport.js';

export interface NodeHttpTransportOptions {
  resolver: Resolver;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: local development and tests only; applies to requests that ask for it too. */
  allowPrivate: boolean;
  timeoutMs: number;
  maxAnswerBytes: number;
  userAgent: string;
  /** How long a kept-alive connection may stay idle before this side closes it; 4 000 ms by default. */
  idleSocketMs?: number;
}

/** Below Node's default server keep-alive timeout (5 s), the shortest common one. */
const IDLE_SOCKET_MS = 4_000;

/** The failures of a connection the receiver closed while it was idle: nothing was answered. */
const CLOSED_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);

class RefusedAddressError extends Error {}

function resolverLookup(resolver: Resolver, allowPrivate: boolean, why: string): LookupFunction {
  return (hostname, options, callback) => {
    resolver.lookup(hostname).then(
      (addresses) => {
        const usable = allowPrivate ? addresses : addresses.filter(isPublicAddress);
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '', 0);
        } else if (usable.length < addresses.length) {
          callback(new RefusedAddressError(`${hostname} resolves to a non-public address (${addresses.find((a) => !isPublicAddress(a))}); ${refusedBecause(why)}`), '', 0);
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

/** How one policy reaches targets: its agents (to close) and its parsed, checked URLs. */
interface Reach {
  agents: Agent[];
  targets: TargetCache;
}

/**
 * Why a private target was refused, added to the attempt's error so the delivery log says which
 * side to change: this worker's switch, or the endpoint (made without it).
 */
const STRICT_WORKER = 'this worker runs without WEBHOOK_ALLOW_PRIVATE_TARGETS';
const STRICT_ENDPOINT = 'the endpoint was not created under WEBHOOK_ALLOW_PRIVATE_TARGETS';
const refusedBecause = (why: string) => (why ? `refused (${why})` : 'refused');

export function nodeHttpTransport(options: NodeHttpTransportOptions): WebhookTransport {
  function reach(allowPrivate: boolean, why: string): Reach {
    // `timeout` closes a free socket once idle that long (and lets a receiver's Keep-Alive hint shorten it).
    const agentOptions = { keepAlive: true, timeout: options.idleSocketMs ?? IDLE_SOCKET_MS, allowPrivateIPAddress: allowPrivate, maxSockets: 64 };
    // For a request sent again: no pool, so always a connection of its own, checked like any other.
    const freshOptions = { keepAlive: false, allowPrivateIPAddress: allowPrivate };
    const agents = { http: new RequestFilteringHttpAgent(agentOptions), https: new RequestFilteringHttpsAgent(agentOptions) };
    const freshAgents = { http: new RequestFilteringHttpAgent(freshOptions), https: new RequestFilteringHttpsAgent(freshOptions) };
    const lookup = resolverLookup(options.resolver, allowPrivate, why);
    const targets = new TargetCache((url) => {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return { error: 'the endpoint url is not a valid URL' };
      }
      const host = parsed.hostname.replace(/^\[|\]$/g, '');
      if (!allowPrivate && isIP(host) && !isPublicAddress(host)) return { error: `${host} is not a public address; ${refusedBecause(why)}` };
      const secure = parsed.protocol === 'https:';
      if (!secure && !(allowPrivate && parsed.protocol === 'http:')) return { error: `only https endpoints are delivered to${parsed.protocol === 'http:' ? ` (${why})` : ''}` };
      return {
        send: secure ? httpsRequest : httpRequest,
        agent: secure ? agents.https : agents.http,
        freshAgent: secure ? freshAgents.https : freshAgents.http,
        protocol: parsed.protocol,
        hostname: host,
        port: parsed.port || undefined,
        path: `${parsed.pathname}${parsed.search}`,
        auth: parsed.username ? `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}` : undefined,
        lookup,
        why,
      };
    });
    return { agents: [agents.http, agents.https, freshAgents.http, freshAgents.https], targets };
  }
  // Separate pools: a socket a permissive request opened to a private address is never reused by a strict one.
  const strict = reach(false, options.allowPrivate ? STRICT_ENDPOINT : STRICT_WORKER);
  const permissive = options.allowPrivate ? reach(true, '') : undefined;

  function post(req: WebhookRequest): Promise<WebhookOutcome> {
    const policy = req.privateTargets && permissive ? permissive : strict;
    const target = policy.targets.get(req.url);
    if ('error' in target) return Promise.resolve({ answer: '', error: target.error, durationMs: 0 });
    return new Promise((resolve) => {
      const exchange = new Exchange(resolve, options.maxAnswerBytes);
      const body = Buffer.from(req.body, 'utf8');
      // Copied key by key: spreading into a literal costs V8 more than the whole copy.
      const headers: Record<string, string> = {};
      for (const name in req.headers) headers[name] = req.headers[name]!;
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(body.length);
      headers['user-agent'] = options.userAgent;
      // One limit for the whole attempt: connect, send (again, if need be), and read the answer.
      exchange.timer = setTimeout(() => exchange.request?.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
      send(target, headers, body, exchange, false);
    });
  }

  function send(target: Destination, headers: Record<string, string>, body: Buffer, exchange: Exchange, again: boolean): void {
    const request = target.send({
      method: 'POST',
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      path: target.path,
      auth: target.auth,
      agent: again ? target.freshAgent : target.agent,
      lookup: target.lookup,
      headers,
    });
    exchange.request = request;
    // A reused connection: what it had read before this request, to tell whether any of the answer came.
    let readBefore: number | undefined;
    if (request.reusedSocket) request.once('socket', (socket) => (readBefore = socket.bytesRead));
    request.on('error', (error) => {
      const code = (error as { code?: string }).code;
      const closedUnderUs = request.reusedSocket && !again && code !== undefined && CLOSED_CONNECTION_CODES.has(code) && request.socket?.bytesRead === readBefore;
      if (closedUnderUs && !exchange.settled) send(target, headers, body, exchange, true);
      else exchange.finish(undefined, describe(error, target.why));
    });
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
  }

  return {
    post,
    close() {
      for (const agent of [...strict.agents, ...(permissive?.agents ?? [])]) agent.destroy();
    },
  };
}

function describe(error: Error, why: string): string {
  const message = error.message;
  if (/is not allowed\. Because, It is (private|meta) IP address/.test(message)) return `${message.split(' is not allowed')[0]!.replace('DNS lookup ', '')} is not a public address; ${refusedBecause(why)}`;
  const code = (error as { code?: string }).code;
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/** The kept bytes as text (malformed UTF-8 becomes U+FFFD); U+0000, which PostgreSQL cannot store, is dropped. */
function answerText(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

/** One attempt's state: its clock, its time limit and the part of the answer kept. */
class Exchange {
  private readonly started = performance.now();
  settled = false;
  /** The request under way: the first, or the one sent again on a new connection. */
  request: ClientRequest | undefined;
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
    else this.resolve({ status, answer: answerText(this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks)), durationMs });
  }
}

interface Destination {
  send: (options: RequestOptions) => ClientRequest;
  agent: Agent;
  freshAgent: Agent;
  protocol: string;
  hostname: string;
  port: string | undefined;
  path: string;
  auth: string | undefined;
  lookup: LookupFunction;
  /** Why this policy refuses private targets, for the attempt's error. */
  why: string;
}

type Target = Destination | { error: string };

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
