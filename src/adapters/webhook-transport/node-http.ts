/**
 * The webhook transport on `node:http(s)` with `request-filtering-agent`, which checks the address
 * at connect time (Node's global `fetch` would ignore the agent). Names are resolved through the
 * Resolver port, so tests can point a name at 127.0.0.1 without a DNS server; every address a
 * name resolves to is checked by the agent and by our own list (webhook-target.ts), which also
 * refuses ranges the agent lets through, such as documentation and benchmarking networks.
 *
 * Sockets are kept alive per host: a reused socket goes to an address already checked.
 */
import { request as httpRequest } from 'node:http';
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

  function post(req: WebhookRequest): Promise<WebhookOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let settled = false;
      // Declared before `finish`: a refusal before the request exists calls finish -> clearTimeout.
      let timer: ReturnType<typeof setTimeout> | undefined = undefined;
      const finish = (outcome: Omit<WebhookOutcome, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...outcome, durationMs: elapsed() });
      };
      let url: URL;
      try {
        url = new URL(req.url);
      } catch {
        finish({ answer: '', error: 'the endpoint url is not a valid URL' });
        return;
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && isIP(host) && !isPublicAddress(host)) {
        finish({ answer: '', error: `${host} is not a public address; refused` });
        return;
      }
      const secure = url.protocol === 'https:';
      if (!secure && !(options.allowPrivate && url.protocol === 'http:')) {
        finish({ answer: '', error: 'only https endpoints are delivered to' });
        return;
      }
      const body = Buffer.from(req.body, 'utf8');
      const send = secure ? httpsRequest : httpRequest;
      const request = send(url, {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        lookup,
        headers: { ...req.headers, 'content-type': 'application/json', 'content-length': String(body.length), 'user-agent': options.userAgent },
      });
      // One limit for the whole attempt: connect, send, and read the answer.
      timer = setTimeout(() => {
        request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`));
      }, options.timeoutMs);
      request.on('error', (error) => finish({ answer: '', error: describe(error) }));
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => finish({ status, answer: answerText(Buffer.concat(chunks)) });
        response.on('data', (chunk: Buffer) => {
          if (kept >= options.maxAnswerBytes) return;
          const part = chunk.subarray(0, options.maxAnswerBytes - kept);
          chunks.push(part);
          kept += part.length;
          // Enough kept: stop reading and drop the socket rather than drain a large answer.
          if (kept >= options.maxAnswerBytes) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
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

/** The kept bytes as text; characters PostgreSQL cannot store (U+0000) are dropped. */
function answerText(bytes: Buffer): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replaceAll('\u0000', '');
}
