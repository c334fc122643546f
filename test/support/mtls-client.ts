/**
 * A client of the platform listener (EFTI_PLATFORM_PORT) for federated tests: one TLS connection
 * per request (no agent), so each call presents exactly the client certificate it was given, or
 * none; the listener's certificate is checked against `ca`.
 */
import { request } from 'node:https';

export interface MtlsAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): any;
}

export interface ClientCertificate {
  cert: string;
  key: string;
}

export function mtlsGet(port: number, ca: string, path: string, client?: ClientCertificate): Promise<MtlsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', agent: false, ca, ...(client ? { cert: client.cert, key: client.key } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
