/**
 * The eFTI gate over node:https with mutual TLS: our certificate and key (CN = platform id) on
 * every connection, and only the gate CA trusted for the gate's server certificate, not the system
 * roots: a gate is a member of a closed network, and a publicly trusted impostor must not do.
 * Connections are kept alive (registrations come in bursts at issue time).
 */
import { Agent, request } from 'node:https';
import type { EftiGate, GateAnswer } from '../../ports/efti-gate.js';

export interface MtlsGateOptions {
  url: string;
  clientCert: string;
  clientKey: string;
  gateCa: string;
  timeoutMs: number;
  /** Answers are kept up to this many bytes (whoami is tiny; a failed PUT's body goes into last_error). */
  maxAnswerBytes: number;
}

/** The text of `<name>` (with or without a namespace prefix) in a small XML answer, entities decoded. */
export function xmlElementText(xml: string, name: string): string | undefined {
  const match = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([^<]*)</(?:[\\w.-]+:)?${name}>`).exec(xml);
  if (!match) return undefined;
  return match[1]!
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .trim();
}

export function mtlsGate(options: MtlsGateOptions): EftiGate {
  const agent = new Agent({ cert: options.clientCert, key: options.clientKey, ca: options.gateCa, keepAlive: true, maxSockets: 8 });
  const base = options.url.replace(/\/+$/, '');

  function send(method: string, path: string, body?: string): Promise<GateAnswer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'application/xml' };
      if (body !== undefined) Object.assign(headers, { 'content-type': 'application/xml; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
      const req = request(`${base}${path}`, { method, agent, headers, timeout: options.timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < options.maxAnswerBytes) chunks.push(chunk.subarray(0, options.maxAnswerBytes - size));
          size += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`the gate did not answer within ${options.timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  return {
    url: base,
    async whoami() {
      const answer = await send('GET', '/v0/whoami');
      if (answer.status !== 200) throw new Error(`GET /v0/whoami answered ${answer.status}`);
      const appId = xmlElementText(answer.body, 'appId');
      const role = xmlElementText(answer.body, 'role');
      if (appId === undefined || role === undefined) throw new Error('GET /v0/whoami answered without appId and role');
      return { appId, role };
    },
    putConsignment: (datasetId, identifierXml) => send('PUT', `/v0/consignments/${encodeURIComponent(datasetId)}`, identifierXml),
    close: () => agent.destroy(),
  };
}
